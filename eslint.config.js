import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    ignores: [
      'node_modules',
      'build',
      'build-*',
      'dist',
      '.data',
      '.data-*',
      '.react-router',
      'docs',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
      '@typescript-eslint/consistent-type-imports': 'error',
      // Input guards match control characters on purpose (CR/LF, NUL in paths and redirects).
      'no-control-regex': 'off',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
    },
  },
  {
    files: ['platform/**'],
    rules: {
      'no-restricted-imports': ['error', { patterns: ['**/server/**', '**/client/**'] }],
    },
  },
  {
    files: ['client/**'],
    rules: { 'no-restricted-imports': ['error', { patterns: ['**/server/**', '**/platform/**'] }] },
  },
  {
    // The gateway reaches the platform over HTTP only (design brief); its tests may start one.
    files: ['server/**'],
    ignores: ['server/**/*.test.{ts,tsx}'],
    rules: { 'no-restricted-imports': ['error', { patterns: ['**/platform/**'] }] },
  },
  {
    // shared/ is what the others build on, so it depends on none of them.
    files: ['shared/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: ['**/server/**', '**/client/**', '**/platform/**'] },
      ],
    },
  },
);
