// One lint config for the whole repository (docs/development.md): type-aware typescript-eslint,
// no process.env outside env.ts, and one-way imports in both apps: in the web app shared code →
// features → app, features never importing each other; in the API the wall of
// eslint-rules/api-wall.js (modules never import each other, only genealogy/ names persons).
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import apiWall from './eslint-rules/api-wall.js';

export default tseslint.config(
  {
    ignores: ['**/node_modules/**', '**/dist/**', '**/data/**', 'apps/api/drizzle/**', '**/*.mjs'],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      globals: { ...globals.node },
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      eqeqeq: ['error', 'always'],
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/switch-exhaustiveness-check': [
        'error',
        { considerDefaultExhaustiveForUnions: true },
      ],
      // Fastify plugins and route handlers are async by contract, awaiting or not.
      '@typescript-eslint/require-await': 'off',
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      'no-restricted-properties': [
        'error',
        {
          object: 'process',
          property: 'env',
          message: 'Read settings in apps/api/src/env.ts only.',
        },
      ],
    },
  },
  { files: ['**/*.js'], ...tseslint.configs.disableTypeChecked },
  {
    // Settings, build and test tooling read the environment by design.
    files: [
      'apps/api/src/env.ts',
      '**/vitest.config.ts',
      '**/vitest.projects.ts',
      '**/vite.config.ts',
      'apps/web/e2e/**',
      'apps/api/src/test/**',
      'apps/api/scripts/**',
      'scripts/**',
    ],
    rules: { 'no-restricted-properties': 'off' },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-syntax': [
        'error',
        {
          // MUI 9 draws a colour prop only when it names a palette colour ("primary") or a text
          // colour ("textSecondary"); a palette path is dropped without a word.
          selector:
            "JSXAttribute[name.name='color'] > Literal[value=/^(text|primary|secondary|error|warning|info|success|grey|action|common|background)\\./]",
          message:
            'MUI ignores a palette path in `color`: write color="textSecondary" (or "primary", …), or sx={{ color: \'primary.dark\' }} for a shade.',
        },
      ],
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['**/app/*', '@/app/*'], message: 'Only src/app imports from src/app.' },
          ],
        },
      ],
    },
  },
  {
    // A feature must not reach into another feature: share through src/components or src/lib.
    files: ['apps/web/src/features/*/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              // `*` also matches `..`: the negation lets features use src/lib, src/components
              // and src/config (three levels up), while other features stay out of reach.
              group: ['**/features/*', '../../*/**', '!../../../**', '../../../features/**'],
              message: 'Features do not import each other.',
            },
            { group: ['**/app/*'], message: 'Only src/app imports from src/app.' },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/api/src/**/*.ts'],
    // Tests and their support reach across the layers to set up data.
    ignores: ['**/*.test.ts', 'apps/api/src/test/**', '**/*test-support.ts', '**/*.factories.ts'],
    plugins: { 'api-wall': apiWall },
    rules: { 'api-wall/imports-downward': 'error' },
  },
  {
    files: ['apps/api/src/**/*.ts'],
    ignores: [
      '**/*.test.ts',
      'apps/api/src/test/**',
      '**/*test-support.ts',
      '**/*.factories.ts',
      'apps/api/src/genealogy/**',
      'apps/api/src/db/schema/**',
    ],
    plugins: { 'api-wall': apiWall },
    rules: { 'api-wall/persons-through-core': 'error' },
  },
  {
    files: ['apps/web/src/app/**/*.{ts,tsx}', 'apps/web/src/boot.tsx'],
    rules: { 'no-restricted-imports': 'off' },
  },
);
