// Unit tests (*.spec.ts) of the Node apps and libs. Web unit tests live in apps/web/jest.config.js.
const preset = require('./jest.preset');
module.exports = {
  ...preset,
  displayName: 'unit',
  testMatch: ['<rootDir>/{apps,libs,tools}/**/*.spec.ts'],
  testPathIgnorePatterns: ['/node_modules/', '<rootDir>/apps/web/', '<rootDir>/libs/web/', '\\.int-spec\\.ts$'],
};
