import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { apiChannels, type ApiChannel } from '../src/shared/domain/channel-listing.ts';

/**
 * Which production files outside a marketplace's own folders know it (decision 173): a file knows a marketplace when
 * it imports from a path that names it ('./ebay/module', '@shared/contracts/etsy-listing') or names it in a string or
 * in the text of a page ('ebay', "Still live on eBay"). Comments and identifiers do not count. A file is the
 * marketplace's own when a folder or its own name on its path names it (src/server/channels/ebay/...,
 * src/shared/contracts/ebay-listing.ts); tests, test support (a test folder, a file importing vitest) and generated
 * code are left out.
 */
const root = path.resolve(import.meta.dirname, '..');

/** The registries: the few files whose job is to list the marketplaces, each with why it may. */
export const registries: Readonly<Record<string, string>> = {
  'src/shared/domain/channel-listing.ts': 'the marketplace ids and the names sellers know them by: every other file asks it',
  'src/server/channels/registry.ts': "the server's channel modules: the one file that imports each marketplace's module",
  'src/web/features/channels/registry.ts': "the web's channels: the one file that imports each marketplace's web channel",
  'src/shared/contracts/marketplace-registry.ts': "each marketplace's traits, which the cards, the photo editor and the autopilot ask",
  'src/web/features/channels/screen-registry.ts':
    "each marketplace's own screens for the routes, kept apart from the web registry for the first load",
  'src/shared/contracts/marketplace-pages.ts':
    "each marketplace's pages and simulated pages, which web-paths.ts adds to the app's; apart from marketplace-registry.ts because vite.config.ts loads it as it is",
};

/** The target, and the ceiling once a marketplace's baseline is down to it. */
export const ceiling = 3;

function productionFiles(): string[] {
  return execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', 'src/**/*.ts', 'src/**/*.tsx'], {
    cwd: root,
    encoding: 'utf8',
  })
    .split('\n')
    .filter((file) => file && !/\.test\.tsx?$/.test(file) && !/(^|\/)(test|testing|__tests__|generated)\//.test(file))
    .filter((file) => !file.endsWith('.d.ts'));
}

const ownedBy = (file: string, marketplace: ApiChannel) =>
  file
    .toLowerCase()
    .split('/')
    .some((segment) => segment.includes(marketplace));

/** The strings a file says (literals, template parts, JSX text) and the paths it imports from. */
export function textsOf(file: string, source: string): { strings: string[]; imports: string[]; names: string[] } {
  const strings: string[] = [];
  const imports: string[] = [];
  const names: string[] = [];
  const sourceFile = ts.createSourceFile(
    file,
    source,
    ts.ScriptTarget.Latest,
    false,
    file.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS,
  );
  const visit = (node: ts.Node) => {
    if (
      (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) &&
      node.moduleSpecifier &&
      ts.isStringLiteral(node.moduleSpecifier)
    ) {
      imports.push(node.moduleSpecifier.text);
      return;
    }
    if (
      ts.isCallExpression(node) &&
      node.expression.kind === ts.SyntaxKind.ImportKeyword &&
      node.arguments[0] &&
      ts.isStringLiteral(node.arguments[0])
    )
      imports.push(node.arguments[0].text);
    else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument) && ts.isStringLiteral(node.argument.literal))
      imports.push(node.argument.literal.text);
    else if (ts.isStringLiteralLike(node) || ts.isTemplateLiteralToken(node) || ts.isJsxText(node)) strings.push(node.text);
    else if (ts.isTemplateExpression(node)) strings.push(node.head.text);
    else if (ts.isIdentifier(node) || ts.isPrivateIdentifier(node)) names.push(node.text);
    ts.forEachChild(node, visit);
  };
  visit(sourceFile);
  return { strings, imports, names };
}

export function knows(file: string, source: string, marketplace: ApiChannel): boolean {
  const { strings, imports, names } = textsOf(file, source);
  const word = new RegExp(String.raw`\b${marketplace}\b`, 'i');
  return (
    imports.some((specifier) => specifier.toLowerCase().includes(marketplace)) ||
    strings.some((text) => word.test(text)) ||
    names.includes(marketplace)
  );
}

/** Each marketplace's files outside its folders that know it, registries aside, sorted. */
export function filesKnowing(): Record<ApiChannel, string[]> {
  const found = Object.fromEntries(apiChannels.map((marketplace) => [marketplace, [] as string[]])) as Record<ApiChannel, string[]>;
  for (const file of productionFiles()) {
    if (file in registries) continue;
    const source = readFileSync(path.join(root, file), 'utf8');
    // Test support outside a test folder (a component test's fake server) is a test's.
    if (textsOf(file, source).imports.includes('vitest')) continue;
    for (const marketplace of apiChannels)
      if (!ownedBy(file, marketplace) && knows(file, source, marketplace)) found[marketplace].push(file);
  }
  for (const marketplace of apiChannels) found[marketplace].sort();
  return found;
}

const baselineFile = path.join(import.meta.dirname, 'marketplace-knowledge-baseline.json');

/**
 * `node --import tsx scripts/marketplace-knowledge.ts`: today's count per marketplace; `--shrink` takes the files that
 * no longer know a marketplace off the baseline (it never adds one).
 */
if (import.meta.url === `file://${process.argv[1]}`) {
  const found = filesKnowing();
  for (const marketplace of apiChannels) console.log(`${marketplace}: ${found[marketplace].length}`);
  if (process.argv.includes('--shrink')) {
    const baseline = JSON.parse(readFileSync(baselineFile, 'utf8')) as { files: Record<ApiChannel, string[]> };
    for (const marketplace of apiChannels)
      baseline.files[marketplace] = baseline.files[marketplace].filter((file) => found[marketplace].includes(file));
    writeFileSync(baselineFile, `${JSON.stringify(baseline, null, 2)}\n`);
  }
}
