import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import importX, { createNodeResolver } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';

const features = ['auth', 'capture', 'dashboard', 'ebay', 'listings', 'photos', 'upload', 'diagnostics'];

export default tseslint.config(
  { ignores: ['.scratch/**', 'dist/**', 'data/**', 'node_modules/**', 'test-results/**', 'playwright-report/**', 'src/server/db/migrations/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/ignore': ['node_modules'],
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'] })] },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-non-null-assertion': 'off',
      'import-x/no-cycle': ['error', { maxDepth: 10, ignoreExternal: true }],
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            // shared is pure: it imports neither side
            { target: './src/shared', from: './src/server', message: 'src/shared must stay isomorphic' },
            { target: './src/shared', from: './src/web', message: 'src/shared must stay isomorphic' },
            // the browser never imports server code, the server never imports the web app
            { target: './src/web', from: './src/server', message: 'the web app talks to the server over HTTP only' },
            { target: './src/server', from: './src/web', message: 'the server does not import the web app' },
            // web features never import each other; app/ composes them
            ...features.map((name) => ({
              target: `./src/web/features/${name}`,
              from: './src/web/features',
              except: [`./${name}`],
              message: 'features do not import each other: compose them in src/web/app',
            })),
            // entities (what features share about a resource) sit below features: they never import one
            { target: './src/web/entities', from: './src/web/features', message: 'entities sit below features: move what both need into the entity' },
            // shared UI primitives and lib sit below entities and features
            {
              target: ['./src/web/components', './src/web/lib'],
              from: ['./src/web/entities', './src/web/features'],
              message: 'components and lib are shared primitives: they import no entity or feature',
            },
            // features, entities, components and lib may use app/config (paths) but nothing else of app/
            {
              target: ['./src/web/features', './src/web/entities', './src/web/components', './src/web/lib'],
              from: './src/web/app',
              except: ['./config'],
              message: 'only src/web/app composes; import paths from app/config',
            },
          ],
        },
      ],
    },
  },
  {
    // Plain Node scripts (TypeScript files get their globals from the type checker).
    files: ['**/*.{js,mjs,cjs}'],
    languageOptions: { globals: { console: 'readonly', process: 'readonly', URL: 'readonly', Buffer: 'readonly', setTimeout: 'readonly' } },
  },
  {
    files: ['src/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
);
