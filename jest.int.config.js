// Integration tests (*.int-spec.ts) against a real PostgreSQL started by tools/test/int-global-setup.js.
const preset = require('./jest.preset');
module.exports = {
  ...preset,
  displayName: 'int',
  testMatch: ['<rootDir>/{apps,libs,tools}/**/*.int-spec.ts'],
  // The alerts integration tests need a real Mailpit: opt-in (ALERTS_MAIL=true) until they have been seen green.
  testPathIgnorePatterns: ['/node_modules/', '<rootDir>/apps/web/', ...(process.env.ALERTS_MAIL === 'true' ? [] : ['<rootDir>/libs/alerts/'])],
  globalSetup: '<rootDir>/tools/test/int-global-setup.js',
  globalTeardown: '<rootDir>/tools/test/int-global-teardown.js',
  testTimeout: 120000,
  maxWorkers: 2,
};
