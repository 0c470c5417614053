// API end-to-end tests: supertest against a booted system at BASE_URL (started by tools/test/e2e.mjs).
const preset = require('../../jest.preset');
module.exports = {
  ...preset,
  displayName: `api-e2e (${process.env.E2E_PROFILE ?? 'unknown profile'})`,
  testMatch: ['<rootDir>/apps/api-e2e/src/**/*.e2e-spec.ts'],
  testTimeout: 60000,
  maxWorkers: 1,
};
