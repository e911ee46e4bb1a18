// @ts-check
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

export default tseslint.config(
  { ignores: ['dist', '.data', '**/*.gen.ts', 'test-results', 'playwright-report', 'coverage'] },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/switch-exhaustiveness-check': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      // TanStack Router's guards throw redirect(); everything else throws Errors.
      '@typescript-eslint/only-throw-error': [
        'error',
        { allow: [{ from: 'package', package: '@tanstack/router-core', name: 'Redirect' }] },
      ],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    languageOptions: { globals: globals.browser },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'react-hooks/exhaustive-deps': 'error',
      // Each vendor SDK stays behind one module (lib/auth, lib/api).
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['aws-amplify', 'aws-amplify/*', '@aws-amplify/*'],
              message: 'Only src/lib/auth talks to aws-amplify.',
            },
            { group: ['openapi-fetch'], message: 'Use the one API client in src/lib/api.' },
          ],
        },
      ],
    },
  },
  {
    files: ['src/lib/auth/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['openapi-fetch'], message: 'Use the one API client in src/lib/api.' }] },
      ],
    },
  },
  {
    files: ['src/lib/api/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['aws-amplify', 'aws-amplify/*', '@aws-amplify/*'],
              message: 'Only src/lib/auth talks to aws-amplify.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['server/**/*.ts', 'scripts/**/*.ts', 'tests/**/*.ts', '*.config.ts', '*.config.js'],
    languageOptions: { globals: globals.node },
  },
  { files: ['eslint.config.js'], ...tseslint.configs.disableTypeChecked },
);
