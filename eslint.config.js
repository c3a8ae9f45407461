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
);
