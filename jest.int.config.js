// Integration tests (*.int-spec.ts) against a real PostgreSQL started by tools/test/int-global-setup.js.
const preset = require('./jest.preset');
module.exports = {
  ...preset,
  displayName: 'int',
  testMatch: ['<rootDir>/{apps,libs,tools}/**/*.int-spec.ts'],
  // The alerts integration tests start a real Mailpit of their own (TEST_MAILPIT_SMTP_PORT / TEST_MAILPIT_UI_PORT,
  // default 1125 / 8125), built once by `node tools/ops/tools.mjs mailpit` (tools/test/run-all.sh does it first).
  testPathIgnorePatterns: ['/node_modules/', '<rootDir>/apps/web/'],
  globalSetup: '<rootDir>/tools/test/int-global-setup.js',
  globalTeardown: '<rootDir>/tools/test/int-global-teardown.js',
  testTimeout: 120000,
  maxWorkers: 2,
};
