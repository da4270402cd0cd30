import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

export default tseslint.config(
  { ignores: ['node_modules', 'dist', 'dist-electron', 'dist-server', 'release', 'test-results', '.tmp'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-console': 'off',
    },
  },
  {
    // A feature's tables join the database's type by interface merging (server/db/schema.ts): the
    // merged interface has no members of its own, only the feature's tables it extends.
    files: ['server/*/tables.ts'],
    rules: {
      '@typescript-eslint/no-empty-object-type': ['error', { allowInterfaces: 'with-single-extends' }],
    },
  },
  {
    // electron-builder loads its hooks with require(): they are CommonJS by necessity.
    files: ['**/*.cjs'],
    languageOptions: { sourceType: 'commonjs' },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    files: ['renderer/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
  {
    // The layers: the renderer reaches data only through the bridge (no Node, no Electron, nothing
    // of main, preload or the server), and the contract in shared/ imports no other layer, at any
    // depth of relative path. Tests run in Node and may read files.
    files: ['renderer/**/*.{ts,tsx}', 'shared/**/*.ts'],
    ignores: ['**/*.test.ts', '**/*.test.tsx'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['node:*', 'electron', 'electron/*', 'fs', 'path', 'child_process', 'keytar'],
              message: 'The renderer and the contract run without Node or Electron.',
            },
            {
              regex: '^(\\.\\./)+(main|server|preload)(/|$)',
              message: 'The renderer and the contract may not import main, preload or the server.',
            },
          ],
          paths: [
            {
              name: '@blueprintjs/core',
              importNames: ['HTMLSelect'],
              message: "Use renderer/components/HTMLSelect: its arrow is named in the operator's language.",
            },
            {
              name: 'react-router-dom',
              importNames: ['useSearchParams'],
              message:
                'Use renderer/kit/useUrlSearch: its changes start from the latest URL, not the drawn one.',
            },
          ],
        },
      ],
    },
  },
  {
    // The contract imports nothing of the renderer either.
    files: ['shared/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['node:*', 'electron', 'electron/*', 'fs', 'path', 'child_process', 'keytar'],
              message: 'The contract runs without Node or Electron.',
            },
            {
              regex: '^(\\.\\./)+(main|server|preload|renderer)(/|$)',
              message: 'The contract may not import another layer.',
            },
          ],
        },
      ],
    },
    ignores: ['**/*.test.ts'],
  },
  {
    // No function over 150 lines (blank lines and comments aside): a longer one is split into
    // parts that each say what they are. Tests, benches and released migrations are exempt.
    files: ['**/*.{ts,tsx}'],
    ignores: ['**/*.test.ts', '**/*.test.tsx', 'tests/**', 'bench/**', '**/migrations.ts'],
    rules: {
      'max-lines-per-function': [
        'error',
        { max: 150, skipBlankLines: true, skipComments: true, IIFEs: true },
      ],
    },
  },
);
