// Message-handler contract tests (*.contract-spec.ts): the same assertions over the in-process transport
// and over real Kafka, with real PostgreSQL. Global setup starts PostgreSQL (embedded binaries) and Kafka (tools/infra).
const preset = require('./jest.preset');
module.exports = {
  ...preset,
  displayName: 'contracts',
  testMatch: ['<rootDir>/apps/**/*.contract-spec.ts', '<rootDir>/libs/**/*.contract-spec.ts'],
  globalSetup: '<rootDir>/tools/test/contracts-global-setup.js',
  globalTeardown: '<rootDir>/tools/test/int-global-teardown.js',
  testTimeout: 180000,
  maxWorkers: 1,
};
