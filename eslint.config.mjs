// ESLint (flat config) for the Node apps and libs; run with --max-warnings 0.
// Project boundaries (Nx tags) are enforced by tools/lint/module-boundaries.mjs in `npm run lint`.
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['dist/**', '.data/**', '.tools/**', 'node_modules/**', 'apps/web/**', 'apps/web-e2e/**', 'libs/web/**', '**/*.js', '**/*.mjs', 'k6/**'] },
  ...tseslint.configs.recommended,
  {
    files: ['**/*.ts'],
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-explicit-any': 'error',
      'no-console': ['error', { allow: ['error', 'warn'] }],
    },
  },
  {
    files: ['**/*.spec.ts', '**/*.int-spec.ts', '**/*.e2e-spec.ts', 'tools/**/*.ts', '**/bench/**/*.ts'],
    rules: { 'no-console': 'off', '@typescript-eslint/no-non-null-assertion': 'off' },
  },
);
