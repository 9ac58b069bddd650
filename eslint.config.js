import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import importX, { createNodeResolver } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import jsxA11y from 'eslint-plugin-jsx-a11y';

import { existsSync, readdirSync } from 'node:fs';

/** The folders directly under `dir`: the zones below are derived from them, so a new folder is covered at once. */
const foldersOf = (dir) =>
  readdirSync(new URL(dir, import.meta.url), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);

const features = foldersOf('./src/web/features/');

// Server infrastructure: every other folder of src/server is a feature (routes.ts -> service -> repo.ts).
const serverLayers = ['adapters', 'db', 'http', 'jobs', 'logging', 'test', 'tls'];
const serverFeatures = foldersOf('./src/server/').filter((name) => !serverLayers.includes(name));
// Each marketplace is one folder of src/server/channels, a feature of its own (its repos are its own).
const channelFeatures = foldersOf('./src/server/channels/').map((name) => `channels/${name}`);
// Route plugins only do HTTP: services come from compose.ts. Every route file, an infrastructure folder's too
// (tls/routes.ts serves the authority's certificate).
const serverRouteFiles = ['./src/server/**/*routes.ts'];
// A marketplace is a plug-in (decision 071): a folder of src/server/channels with a module.ts, its web folder of
// features/channels and its fake in fakes/ are its own. Outside them only the two registries (and tests) import them.
const channelNames = foldersOf('./src/server/channels/').filter((name) =>
  existsSync(new URL(`./src/server/channels/${name}/module.ts`, import.meta.url)),
);
const channelFolders = (name) => [`src/server/channels/${name}`, `src/web/features/channels/${name}`, `fakes/${name}`];
const channelRegistries = [
  'src/server/channels/registry.ts',
  'src/web/features/channels/registry.ts',
  'src/web/features/channels/screen-registry.ts',
];
const testFiles = ['**/*.test.{ts,tsx}', 'src/server/test/**', 'src/web/test/**', 'e2e/**', 'bench/**', 'scripts/**'];
// Files that would still import a channel's modules (issue 43): none. `channels/listed-as.ts` reaches eBay through
// the registry (decision 092); the web app reaches each channel's own screens through
// `features/channels/screen-registry.ts`, a registry too (decision 094).
const notYetThroughTheModule = [];
const channelZone = (names) => ({
  target: './',
  from: names.flatMap((name) => channelFolders(name).map((folder) => `./${folder}`)),
  message: 'a channel is a plug-in: reach it through channels/registry.ts (server) or features/channels/registry.ts (web)',
});

// What the seller is told when an action settles goes to the mutation or to `tell` (lib/told.ts), never to `mutate`.
const toldNotToMutate = {
  selector: "CallExpression[callee.property.name='mutate'][arguments.length=2]",
  message:
    'Callbacks given to mutate are dropped when the component goes or another press comes: use tell() or the hook’s told (lib/told.ts)',
};

// No hand-written touch of items.updated_at: its trigger keeps it (migration 0027).
const touchOfItemsUpdatedAt = {
  selector:
    "CallExpression[callee.property.name='set'][callee.object.callee.property.name='update'][callee.object.arguments.0.name='items'] Property[key.name='updatedAt']",
  message: 'items.updated_at is kept by its trigger (migration 0027): leave it out',
};
// The tables with one writer (decisions 082, 092): drizzle's update/insert/delete of the table anywhere else, and
// SQL text that writes it (`update ${channelListings}`, `insert into channel_listings`), are reported.
const writesOf = (table, sqlName, message) => [
  { selector: `CallExpression[callee.property.name=/^(update|insert|delete)$/][arguments.0.name='${table}']`, message },
  {
    selector: `TemplateLiteral:has(> TemplateElement[value.raw=/(update|insert\\s+into|delete\\s+from)\\s+$/i]):has(> Identifier[name='${table}'])`,
    message,
  },
  { selector: `TemplateElement[value.raw=/\\b(update|insert\\s+into|delete\\s+from)\\s+${sqlName}\\b/i]`, message },
];
const tableWriters = [
  {
    owner: 'src/server/items/repo.ts',
    writes: writesOf('items', 'items', 'only items/repo.ts writes items: call its updateOwnItems (decision 082)'),
  },
  {
    owner: 'src/server/channels/listings-repo.ts',
    writes: writesOf(
      'channelListings',
      'channel_listings',
      'only channels/listings-repo.ts writes channel_listings: call its writes (listing-writer.ts outside channels/, decision 092)',
    ),
  },
];

const zones = [
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
  // server: routes reach the database only through services
  ...['./src/server/db/schema.ts', './src/server/db/client.ts', './src/server/**/*repo.ts'].map((from) => ({
    target: serverRouteFiles,
    from,
    message: 'route plugins only do HTTP: call a service (built in compose.ts)',
  })),
  // server: a feature's repos (repo.ts, and every *-repo.ts at any depth) are its own; other code asks
  // that feature's service
  ...serverFeatures.map((name) => ({
    target: [`./src/server/!(${name})/**`, './src/server/*.ts'],
    from: `./src/server/${name}/**/*repo.ts`,
    message: `only src/server/${name} imports its repos: use its service`,
  })),
  ...channelFeatures.map((name) => ({
    target: [
      `./src/server/!(channels)/**`,
      `./src/server/${name.replace(/\/[^/]+$/, '')}/!(${name.split('/').pop()})/**`,
      './src/server/*.ts',
    ],
    from: `./src/server/${name}/**/*repo.ts`,
    message: `only src/server/${name} imports its repos: use its services`,
  })),
  // server: jobs/ and adapters/ are infrastructure; features use them, never the other way round
  ...['jobs', 'adapters'].map((layer) => ({
    target: `./src/server/${layer}`,
    from: serverFeatures.map((name) => `./src/server/${name}`),
    message: `src/server/${layer} imports no feature: wire feature code into it in compose.ts`,
  })),
  // entities (what features share about a resource) sit below features: they never import one
  {
    target: './src/web/entities',
    from: './src/web/features',
    message: 'entities sit below features: move what both need into the entity',
  },
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
];

export default tseslint.config(
  {
    ignores: [
      '.scratch/**',
      'dist/**',
      'data/**',
      'node_modules/**',
      'test-results/**',
      'playwright-report/**',
      'src/server/db/migrations/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/ignore': ['node_modules'],
      // import-x reads (and so follows, for no-cycle) only modules with these extensions: without TypeScript's
      // here every rule that reads the imported module, no-cycle first, silently passed.
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      // TypeScript's own resolution, tsconfig.json's paths (@shared/*, and @/* for src/web) included, so the boundary
      // zones below see an `@/features/...` import as the file it names, as they see a relative one.
      'import-x/resolver-next': [
        createNodeResolver({
          extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'],
          tsconfig: { configFile: new URL('./tsconfig.json', import.meta.url).pathname },
        }),
      ],
    },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-non-null-assertion': 'off',
      'import-x/no-cycle': ['error', { maxDepth: 10, ignoreExternal: true }],
      'import-x/no-restricted-paths': ['error', { zones }],
    },
  },
  // Generic code imports no channel's modules; a channel imports no other channel's.
  {
    files: ['**/*.{ts,tsx}'],
    ignores: [
      ...channelNames.flatMap(channelFolders).map((folder) => `${folder}/**`),
      ...channelRegistries,
      ...testFiles,
      ...notYetThroughTheModule,
    ],
    rules: { 'import-x/no-restricted-paths': ['error', { zones: [...zones, channelZone(channelNames)] }] },
  },
  ...channelNames.map((name) => ({
    files: channelFolders(name).map((folder) => `${folder}/**/*.{ts,tsx}`),
    ignores: testFiles,
    rules: {
      'import-x/no-restricted-paths': ['error', { zones: [...zones, channelZone(channelNames.filter((other) => other !== name))] }],
    },
  })),
  {
    // Type-aware rules: a promise is awaited, returned or explicitly voided, and never handed where a void callback
    // is expected (an event handler, a forEach callback), where its rejection would go unobserved.
    files: ['**/*.{ts,tsx}'],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
    },
  },
  {
    // Each table has its repo (decision 075): only a repo (`*repo.ts`), a module of SQL fragments (`*-sql.ts`), the
    // database layer and the tests read the schema. Better Auth's own tables and the job queue's are kept by the
    // modules that own them.
    files: ['src/server/**/*.ts'],
    ignores: [
      'src/server/**/*repo.ts',
      'src/server/**/*-sql.ts',
      'src/server/**/*.test.ts',
      'src/server/db/**',
      'src/server/test/**',
      'src/server/auth/auth.ts',
      'src/server/auth/session-lookup.ts',
      'src/server/jobs/queue.ts',
    ],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/db/schema'],
              allowTypeImports: true,
              message: 'only a repo reads or writes tables: call its function (decision 075)',
            },
          ],
        },
      ],
    },
  },
  {
    // The database keeps items.updated_at (migration 0027, decision 075): no code sets it by hand.
    files: ['src/server/**/*.ts'],
    ignores: ['src/server/**/*.test.ts', 'src/server/test/**'],
    rules: { 'no-restricted-syntax': ['error', touchOfItemsUpdatedAt] },
  },
  {
    // Each table written here has one writer (decisions 082, 092): every other module calls it. Repeats the rule
    // above (a later block's options replace an earlier one's for the same files).
    files: ['src/server/**/*.ts'],
    ignores: ['src/server/**/*.test.ts', 'src/server/test/**', 'src/server/db/**', ...tableWriters.map((writer) => writer.owner)],
    rules: { 'no-restricted-syntax': ['error', touchOfItemsUpdatedAt, ...tableWriters.flatMap((writer) => writer.writes)] },
  },
  // A table's writer writes the other tables through their writers too.
  ...tableWriters.map((writer) => ({
    files: [writer.owner],
    rules: {
      'no-restricted-syntax': [
        'error',
        touchOfItemsUpdatedAt,
        ...tableWriters.filter((other) => other !== writer).flatMap((other) => other.writes),
      ],
    },
  })),
  {
    // Route plugins do not build queries either.
    files: ['src/server/**/*routes.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [{ name: 'drizzle-orm', message: 'route plugins only do HTTP: call a service (built in compose.ts)' }],
          patterns: [{ group: ['**/db/schema'], message: 'route plugins only do HTTP: call a service (built in compose.ts)' }],
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
  {
    // What the seller is told of an action is never given to `mutate` (lib/told.ts): TanStack Query drops it when the
    // component goes or another press comes first.
    files: ['src/web/**/*.ts'],
    ignores: testFiles,
    rules: { 'no-restricted-syntax': ['error', toldNotToMutate] },
  },
  {
    // Every amount a seller types is the one MoneyField (issue 55, DESIGN §10): a browser's number input reads "39,99"
    // its own way before the app sees it. A whole number that is no amount says so where it keeps one.
    files: ['src/web/**/*.tsx'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: 'JSXAttribute[name.name="type"][value.value="number"]',
          message:
            'An amount is the one MoneyField (components/money-field.tsx), never type="number"; a whole number takes inputMode="numeric".',
        },
        toldNotToMutate,
      ],
    },
  },
  { ...jsxA11y.flatConfigs.recommended, files: ['src/web/**/*.tsx'] },
);
