// Lint rules, including the one-way imports of ../shared/DESIGN.md:
// app → features → components, api → contract; mock → contract.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

// zod's classic API is not tree-shakable (about 20 kB gzip in the entry chunk): the contract uses zod/mini.
const classicZod = { name: 'zod', message: "Import 'zod/mini' (the contract's flavour); classic zod bloats the bundle." };
const layer = (files, patterns) => ({
  files,
  rules: { 'no-restricted-imports': ['error', { paths: [classicZod], patterns }] },
});
const ban = (group, message) => ({ group, message });

export default tseslint.config(
  { ignores: ['dist', 'dist-demo', 'node_modules', 'public/mockServiceWorker.js', 'test/e2e/out'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-console': ['error', { allow: ['warn', 'error', 'info'] }],
      'no-restricted-imports': ['error', { paths: [classicZod] }],
    },
  },
  layer(['src/contract/**'], [
    ban(['**/api/**', '**/app/**', '**/features/**', '**/components/**', '**/mock/**', 'react', 'react-dom', 'msw', 'msw/*'], 'contract/ imports only zod'),
  ]),
  layer(['src/api/**'], [
    ban(['**/app/**', '**/features/**', '**/components/**', '**/mock/**'], 'api/ imports only contract/'),
  ]),
  layer(['src/components/**'], [
    ban(['**/app/**', '**/features/**', '**/mock/**', '**/api/**'], 'components/ are shared UI without data fetching'),
  ]),
  layer(['src/features/**'], [
    ban(['**/app/**', '**/mock/**'], 'features/ never import app/ or the mock'),
    { regex: '^\\.\\./(?!\\.)[^/]+/', message: 'features do not import each other: move shared pieces into components/ or api/' },
  ]),
  layer(['src/mock/**'], [
    ban(['**/api/**', '**/app/**', '**/features/**', '**/components/**', 'react', 'react-dom', '@tanstack/*'], 'mock/ imports only contract/'),
  ]),
);
