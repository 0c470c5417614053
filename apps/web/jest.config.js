// Unit tests of the web app and the web libs: jsdom, TSX through swc with the automatic React runtime.
const path = require('node:path');

const root = path.join(__dirname, '..', '..');

module.exports = {
  displayName: 'web',
  rootDir: root,
  testEnvironment: 'jsdom',
  // Screens typed into with user-event take seconds on a loaded 2-core CI machine (findBy* waits up to 5 s each).
  testTimeout: 30_000,
  roots: ['<rootDir>/apps/web/src', '<rootDir>/libs/web'],
  testMatch: ['**/*.spec.ts', '**/*.spec.tsx'],
  setupFilesAfterEnv: ['<rootDir>/apps/web/jest.setup.ts'],
  transform: {
    '^.+\\.(t|j)sx?$': [
      '@swc/jest',
      {
        jsc: {
          parser: { syntax: 'typescript', tsx: true },
          transform: { react: { runtime: 'automatic' } },
          target: 'es2022',
        },
        module: { type: 'commonjs' },
      },
    ],
  },
  moduleNameMapper: {
    '^@hintakori/web-ui$': '<rootDir>/libs/web/ui/src/index.ts',
    '^@hintakori/web-util$': '<rootDir>/libs/web/util/src/index.ts',
    '^@hintakori/shared-util$': '<rootDir>/libs/shared/util/src/index.ts',
    '\\.(css|less)$': '<rootDir>/apps/web/test/style-mock.js',
    '\\.(svg|png|jpg|webp)(\\?.*)?$': '<rootDir>/apps/web/test/file-mock.js',
  },
  modulePathIgnorePatterns: ['<rootDir>/dist/'],
  testEnvironmentOptions: { url: 'http://localhost/' },
};
