/**
 * `npm run build`: builds what production runs. The web app with Vite into dist/web; the server with esbuild into
 * dist/server (main.js for `npm start`, worker.js for `npm run worker`), so production runs plain `node`, no
 * TypeScript loader. `--if-changed` (what `npm start` passes) skips each part whose inputs hash the same as at its
 * last build, so a restart with nothing changed starts at once. Plain JavaScript: it runs before anything is built.
 *
 * The server bundle sits at dist/server, as deep as src/server, so paths the server resolves from its own module
 * (dist/web) stay right; the files it loads by path at runtime (the SQL migrations, the HEIC decode worker) are
 * copied next to it.
 */
import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const stampDir = path.join(root, 'dist/.build');
const shared = ['src/shared', 'package.json', 'package-lock.json', 'tsconfig.json', 'scripts/build.mjs'];

const targets = {
  web: {
    inputs: ['src/web', 'vite.config.ts', 'scripts/service-worker-options.ts', 'scripts/vite-raster-icons.ts', ...shared],
    output: 'dist/web/index.html',
    async build() {
      const { build } = await import('vite');
      await build({ configFile: path.join(root, 'vite.config.ts'), logLevel: 'warn' });
      moveSourceMaps(path.join(root, 'dist/web'), path.join(root, 'dist/web-sourcemaps'));
      // Vite's chunk manifest (which files each screen loads: bench/web-delivery.ts) is no file to serve either.
      renameSync(path.join(root, 'dist/web/.vite/manifest.json'), path.join(root, 'dist/web-chunks.json'));
      rmSync(path.join(root, 'dist/web/.vite'), { recursive: true, force: true });
      precompress(path.join(root, 'dist/web'));
    },
  },
  server: {
    // fakes/ebay is the simulated eBay the server runs without eBay keys (channels/ebay/api/simulated-ebay.ts).
    inputs: ['src/server', 'fakes', ...shared],
    output: 'dist/server/main.js',
    build: () => buildServer(path.join(root, 'dist/server')),
  },
  'pglite-template': {
    inputs: ['src/server/db/migrations', 'package-lock.json', 'scripts/build.mjs'],
    output: 'dist/pglite-template/PG_VERSION',
    build: () => buildPgliteTemplate(path.join(root, 'dist/pglite-template')),
  },
};

/**
 * A PGlite data directory with initdb done and every migration applied, which a first start on a new DATA_DIR
 * copies instead of running initdb (src/server/db/client.ts, decision 029). Built under a temporary name and
 * renamed, so an interrupted build leaves none.
 */
export async function buildPgliteTemplate(outdir) {
  const { PGlite } = await import('@electric-sql/pglite');
  const { drizzle } = await import('drizzle-orm/pglite');
  const { migrate } = await import('drizzle-orm/pglite/migrator');
  const partial = `${outdir}.partial`;
  rmSync(partial, { recursive: true, force: true });
  const client = new PGlite(partial);
  try {
    await migrate(drizzle(client), { migrationsFolder: path.join(root, 'src/server/db/migrations') });
  } finally {
    await client.close();
  }
  rmSync(outdir, { recursive: true, force: true });
  renameSync(partial, outdir);
}

/**
 * The server bundle (main.js, worker.js, chunks, migrations, HEIC worker, label reader) into `outdir`, which must sit inside the
 * project (packages stay external and resolve from node_modules). Tests that start real servers build their own.
 */
export async function buildServer(outdir) {
  const { build } = await import('esbuild');
  rmSync(outdir, { recursive: true, force: true });
  await build({
    absWorkingDir: root,
    entryPoints: ['src/server/main.ts', 'src/server/worker.ts'],
    outdir,
    bundle: true,
    // Code split at the lazy imports, so the S3, SMTP and AI SDKs still load only when configured.
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node24',
    packages: 'external',
    sourcemap: true,
    logLevel: 'warning',
  });
  cpSync(path.join(root, 'src/server/db/migrations'), path.join(outdir, 'migrations'), { recursive: true });
  cpSync(path.join(root, 'src/server/adapters/media/heic-decode-worker.mjs'), path.join(outdir, 'heic-decode-worker.mjs'));
  cpSync(path.join(root, 'src/server/adapters/ai/label-reading/label-ocr-process.mjs'), path.join(outdir, 'label-ocr-process.mjs'));
}

/** Text types worth compressing: images, fonts and wasm are compressed already or barely shrink. */
const compressible = /\.(?:js|mjs|css|html|svg|json|webmanifest|txt|xml)$/;

/**
 * Writes `<file>.br` (brotli, best quality) and `<file>.gz` (gzip, best level) next to every compressible file
 * under `dir` of at least `minBytes`, so the server sends them as they are (static-web.ts, preCompressed) instead of
 * compressing on every request. A variant that would not be smaller is not written. Returns the files written.
 */
export function precompress(dir, minBytes = 512) {
  const written = [];
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !compressible.test(entry.name)) continue;
    const file = path.join(entry.parentPath, entry.name);
    const bytes = readFileSync(file);
    if (bytes.length < minBytes) continue;
    const variants = {
      br: brotliCompressSync(bytes, {
        params: {
          [zlibConstants.BROTLI_PARAM_QUALITY]: zlibConstants.BROTLI_MAX_QUALITY,
          [zlibConstants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
        },
      }),
      gz: gzipSync(bytes, { level: zlibConstants.Z_BEST_COMPRESSION }),
    };
    for (const [ext, compressed] of Object.entries(variants)) {
      if (compressed.length >= bytes.length) continue;
      writeFileSync(`${file}.${ext}`, compressed);
      written.push(`${file}.${ext}`);
    }
  }
  return written;
}

/**
 * Vite writes hidden source maps (no sourceMappingURL comment) beside the bundles; they move out of the served
 * folder into `mapsDir`, kept for reading error reports but never public.
 */
export function moveSourceMaps(webDir, mapsDir) {
  rmSync(mapsDir, { recursive: true, force: true });
  for (const entry of readdirSync(webDir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !entry.name.endsWith('.map')) continue;
    const from = path.join(entry.parentPath, entry.name);
    const to = path.join(mapsDir, path.relative(webDir, from));
    mkdirSync(path.dirname(to), { recursive: true });
    renameSync(from, to);
  }
}

/** Every file under the inputs (paths relative to `base`; tests aside: they are not built), by path and content. */
export function inputsHash(inputs, base = root) {
  const hash = createHash('sha256');
  const files = inputs.flatMap((input) => {
    const full = path.join(base, input);
    if (!existsSync(full)) return [];
    if (!statSync(full).isDirectory()) return [input];
    return readdirSync(full, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile() && !/\.test\.tsx?$/.test(entry.name))
      .map((entry) => path.relative(base, path.join(entry.parentPath, entry.name)));
  });
  for (const file of files.sort())
    hash
      .update(`${file}\0`)
      .update(readFileSync(path.join(base, file)))
      .update('\0');
  return hash.digest('hex');
}

async function main() {
  const ifChanged = process.argv.includes('--if-changed');
  mkdirSync(stampDir, { recursive: true });
  for (const [name, target] of Object.entries(targets)) {
    const stamp = path.join(stampDir, `${name}.sha256`);
    const hash = inputsHash(target.inputs);
    const fresh = existsSync(stamp) && readFileSync(stamp, 'utf8') === hash && existsSync(path.join(root, target.output));
    if (ifChanged && fresh) continue;
    const started = performance.now();
    rmSync(stamp, { force: true });
    await target.build();
    writeFileSync(stamp, hash);
    console.log(`build: ${name} in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  main().catch((err) => {
    console.error(err);
    process.exit(1);
  });
}
