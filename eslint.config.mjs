// ESLint (flat config) for the Node apps and libs; run with --max-warnings 0.
// Project boundaries (Nx tags) are enforced by tools/lint/module-boundaries.mjs in `npm run lint`.
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['dist/**', '.data/**', '.tools/**', 'node_modules/**', 'apps/web-e2e/**', '**/*.js', '**/*.mjs', '**/*.cjs', 'k6/**'] },
  ...tseslint.configs.recommended,
  {
    files: ['**/*.ts', '**/*.tsx'],
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-explicit-any': 'error',
      'no-console': ['error', { allow: ['error', 'warn'] }],
    },
  },
  {
    // The web app and its libs: browser code, React hooks rules.
    files: ['apps/web/**/*.{ts,tsx}', 'libs/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  {
    files: ['**/*.spec.ts', '**/*.spec.tsx', '**/*.int-spec.ts', '**/*.e2e-spec.ts', 'tools/**/*.ts'],
    rules: { 'no-console': 'off', '@typescript-eslint/no-non-null-assertion': 'off' },
  },
);
