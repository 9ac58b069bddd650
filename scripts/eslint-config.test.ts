import { globSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { ESLint } from 'eslint';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// The lint's import rules, run on probes: a rule that is silently off passes every file, so only a probe that must
// fail shows it runs. Type-aware rules are left out (the probes are not in the TypeScript project).
const root = path.resolve(import.meta.dirname, '..');
const probeRules = (ruleId: string) =>
  ruleId.startsWith('import-x/') || ruleId === 'no-restricted-imports' || ruleId === 'no-restricted-syntax';
const options = { cwd: root, ignore: false, overrideConfig: { languageOptions: { parserOptions: { projectService: false } } } };
// import-x/no-cycle walks every module a probe reaches (most of src): only its own probe runs it.
const eslint = new ESLint({ ...options, ruleFilter: ({ ruleId }) => probeRules(ruleId) && ruleId !== 'import-x/no-cycle' });
const cycleLint = new ESLint({ ...options, ruleFilter: ({ ruleId }) => ruleId === 'import-x/no-cycle' });

async function ruleIdsOf(code: string, filePath: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, filePath) });
  return result!.messages.map((message) => message.ruleId ?? message.message);
}

describe('import-x/no-cycle', () => {
  let dir = '';
  beforeAll(async () => {
    // A clean clone has no .scratch yet (it is ignored by git).
    await mkdir(path.join(root, '.scratch'), { recursive: true });
    dir = await mkdtemp(path.join(root, '.scratch', 'lint-cycle-'));
    await writeFile(path.join(dir, 'first.ts'), "import { second } from './second';\nexport const first = () => second;\n");
    await writeFile(path.join(dir, 'second.ts'), "import { first } from './first';\nexport const second = () => first;\n");
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('reports two TypeScript modules that import each other', async () => {
    const [result] = await cycleLint.lintFiles([path.join(dir, 'first.ts')]);
    expect(result!.messages.map((message) => message.ruleId)).toContain('import-x/no-cycle');
  });
});

describe('a repo is private to its feature', () => {
  it.each([
    ['a feature', 'src/server/listings/probe.ts', '../items/leftover-repo'],
    ['a feature', 'src/server/profit/probe.ts', '../auth/rate-limit-repo'],
    ['another channel', 'src/server/channels/etsy/probe.ts', '../ebay/account/sku-prefix-repo'],
    ['outside the channels', 'src/server/items/probe.ts', '../channels/listings-repo'],
    ['the channels, outside the sales', 'src/server/channels/probe.ts', '../sales/sales-repo'],
  ])('reports a *-repo.ts imported from %s', async (_where, filePath, repo) => {
    expect(await ruleIdsOf(`import * as repo from '${repo}';\nexport { repo };\n`, filePath)).toContain('import-x/no-restricted-paths');
  });

  it('lets a feature import its own repos', async () => {
    expect(await ruleIdsOf("import * as repo from './leftover-repo';\nexport { repo };\n", 'src/server/items/probe.ts')).toEqual([]);
  });
});

describe('route files only do HTTP', () => {
  const routeFiles = globSync('src/server/**/*routes.ts', { cwd: root });

  it('finds the route files, tls/routes.ts among them', () => {
    expect(routeFiles).toContain('src/server/tls/routes.ts');
  });

  it.each(['db/schema', 'db/client', 'items/repo', 'sales/sales-repo'])('no route file imports %s', async (module) => {
    for (const filePath of routeFiles) {
      const from = path.relative(path.dirname(path.join(root, filePath)), path.join(root, 'src/server', module));
      expect(await ruleIdsOf(`import * as db from './${from}';\nexport { db };\n`, filePath), filePath).toContain(
        'import-x/no-restricted-paths',
      );
    }
  });
});

describe('only a repo touches the schema (decision 075)', () => {
  const probe = "import { items } from '../db/schema';\nexport { items };\n";

  it.each(['src/server/listings/probe.ts', 'src/server/items/probe-service.ts', 'src/server/probe.ts'])(
    'reports %s importing the schema',
    async (filePath) => {
      const from = path.relative(path.dirname(path.join(root, filePath)), path.join(root, 'src/server/db/schema'));
      expect(await ruleIdsOf(`import { items } from './${from}';\nexport { items };\n`, filePath)).toContain('no-restricted-imports');
    },
  );

  it('lets a repo, and a module of SQL fragments, import it', async () => {
    expect(await ruleIdsOf(probe, 'src/server/listings/probe-repo.ts')).toEqual([]);
    expect(await ruleIdsOf(probe, 'src/server/listings/probe-sql.ts')).toEqual([]);
  });

  it('reports a hand-written touch of items.updated_at, and not one of another table', async () => {
    const write = (table: string) =>
      `import { ${table} } from '../db/schema';\nexport const touch = (db: any) => db.update(${table}).set({ status: 'x', updatedAt: new Date() });\n`;
    expect(await ruleIdsOf(write('items'), 'src/server/listings/probe-repo.ts')).toContain('no-restricted-syntax');
    expect(await ruleIdsOf(write('sales'), 'src/server/listings/probe-repo.ts')).toEqual([]);
  });

  it('reports a write of items outside items/repo.ts, its one writer (decision 082)', async () => {
    const write = (verb: string) => `import { items } from '../db/schema';\nexport const change = (db: any) => db.${verb}(items);\n`;
    for (const verb of ['update', 'insert', 'delete'])
      expect(await ruleIdsOf(write(verb), 'src/server/listings/probe-repo.ts')).toContain('no-restricted-syntax');
    expect(await ruleIdsOf(write('update'), 'src/server/items/repo.ts')).toEqual([]);
    // Reading is every repo's.
    expect(
      await ruleIdsOf(
        `import { items } from '../db/schema';\nexport const read = (db: any) => db.select().from(items);\n`,
        'src/server/listings/probe-repo.ts',
      ),
    ).toEqual([]);
  });

  it('reports a write of channel_listings outside channels/listings-repo.ts, its one writer (decision 092)', async () => {
    const schema = "import { sql } from 'drizzle-orm';\nimport { channelListings } from '../db/schema';\n";
    const write = (verb: string) => `${schema}export const change = (db: any) => db.${verb}(channelListings);\n`;
    for (const verb of ['update', 'insert', 'delete'])
      expect(await ruleIdsOf(write(verb), 'src/server/autopilot/probe-repo.ts')).toContain('no-restricted-syntax');
    // SQL text that writes it, the table interpolated or named.
    for (const text of ['update ${channelListings} set', 'insert into channel_listings (id)', 'DELETE FROM channel_listings'])
      expect(await ruleIdsOf(`${schema}export const q = sql\`${text}\`;\n`, 'src/server/channels/probe-repo.ts')).toContain(
        'no-restricted-syntax',
      );
    // The owner writes it (and the items only through theirs); reading is every repo's.
    expect(await ruleIdsOf(write('update'), 'src/server/channels/listings-repo.ts')).toEqual([]);
    expect(await ruleIdsOf(write('update'), 'src/server/items/repo.ts')).toContain('no-restricted-syntax');
    expect(
      await ruleIdsOf(
        "import { items } from '../db/schema';\nexport const change = (db: any) => db.update(items);\n",
        'src/server/channels/listings-repo.ts',
      ),
    ).toContain('no-restricted-syntax');
    expect(
      await ruleIdsOf(`${schema}export const q = sql\`select 1 from \${channelListings} sold\`;\n`, 'src/server/channels/probe-repo.ts'),
    ).toEqual([]);
  });

  it('names no file outside the repos but the one a parallel branch rewrites', async () => {
    const config = await eslint.calculateConfigForFile(path.join(root, 'src/server/channels/assisted/service.ts'));
    expect(config.rules['no-restricted-imports']?.[0]).toBe(2);
  });
});

describe('a marketplace is a plug-in (decision 071)', () => {
  const importing = (module: string) => `import * as channel from '${module}';\nexport { channel };\n`;

  it.each([
    ['the composition root', 'src/server/probe.ts', './channels/etsy/module'],
    ['a generic server file', 'src/server/items/probe.ts', '../channels/ebay/marketplace'],
    ['another channel', 'src/server/channels/etsy/probe.ts', '../ebay/marketplace'],
    ['a generic channels file', 'src/server/channels/probe.ts', '../../../fakes/etsy/etsy-server'],
    ['another web feature', 'src/web/features/dashboard/probe.ts', '../channels/ebay'],
    ['a generic web channels file', 'src/web/features/channels/probe.ts', './etsy'],
    ['another web channel', 'src/web/features/channels/etsy/probe.ts', '../ebay'],
    ['the web app', 'src/web/app/lazy-screens.tsx', '../features/channels/ebay/screens'],
  ])("reports a channel's module imported from %s", async (_where, filePath, module) => {
    expect(await ruleIdsOf(importing(module), filePath)).toContain('import-x/no-restricted-paths');
  });

  it.each([
    ['the server registry', 'src/server/channels/registry.ts', './ebay/module'],
    ['the web registry', 'src/web/features/channels/registry.ts', './etsy'],
    ['the web screen registry', 'src/web/features/channels/screen-registry.ts', './ebay/screens'],
    ['its own folder', 'src/server/channels/ebay/probe.ts', './marketplace'],
    ['its own fake, from its folder', 'src/server/channels/etsy/probe.ts', '../../../../fakes/etsy/etsy-server'],
    ['a test', 'src/server/items/probe.test.ts', '../channels/ebay/marketplace'],
  ])('lets %s import it', async (_where, filePath, module) => {
    expect(await ruleIdsOf(importing(module), filePath)).toEqual([]);
  });
});

describe('the web layers, written with the @/ alias too', () => {
  const importing = (module: string) => `import * as layer from '${module}';\nexport { layer };\n`;

  it.each([
    ['an entity importing a feature', 'src/web/entities/items/probe.ts', '@/features/price-list'],
    ['a feature importing another', 'src/web/features/dashboard/probe.ts', '@/features/price-list'],
    ['a component importing an entity', 'src/web/components/probe.ts', '@/entities/readiness/use-item-readiness'],
    ['lib importing app/', 'src/web/lib/probe.ts', '@/app/app'],
    ['a web feature importing a channel', 'src/web/features/dashboard/probe.ts', '@/features/channels/ebay'],
  ])('reports %s', async (_what, filePath, module) => {
    expect(await ruleIdsOf(importing(module), filePath)).toContain('import-x/no-restricted-paths');
  });

  it.each([
    ['a feature importing its own module', 'src/web/features/dashboard/probe.ts', '@/features/dashboard/index'],
    ['a feature importing an entity', 'src/web/features/dashboard/probe.ts', '@/entities/readiness/use-item-readiness'],
    ['a feature importing app/config', 'src/web/features/dashboard/probe.ts', '@/app/config'],
    ['app/ composing a feature', 'src/web/app/probe.ts', '@/features/price-list'],
  ])('lets pass %s', async (_what, filePath, module) => {
    expect(await ruleIdsOf(importing(module), filePath)).toEqual([]);
  });
});
