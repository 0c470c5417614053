// The price-alert e-mail e2e: a booted system at BASE_URL whose alerts service sends to the Mailpit at MAILPIT_URL,
// with feed runs started by the ingest CLI (E2E_INGEST_ENV: its environment as JSON). Run by tools/test/e2e.mjs.
const preset = require('../../jest.preset');
module.exports = {
  ...preset,
  displayName: `alerts e2e (${process.env.E2E_PROFILE ?? 'unknown profile'})`,
  testMatch: ['<rootDir>/apps/api-e2e/src/**/*.mail-e2e-spec.ts'],
  testTimeout: 300000,
  maxWorkers: 1,
};
