/**
 * Root postinstall: one line when npm ran on an older Node than the one the project runs on (decision 015).
 * npm runs this with node_modules/.bin first on PATH, so `process.version` here is the node@24 devDependency, and
 * npm names its own Node in npm_config_user_agent ("npm/11.19.1 node/v20.20.2 linux x64 ..."). .npmrc's
 * loglevel=error hides the engine warnings npm prints for that older Node; this line says why.
 */
const npmNode = /\bnode\/(v[\d.]+)/.exec(process.env.npm_config_user_agent ?? '')?.[1];
const major = (version) => Number(version.slice(1).split('.')[0]);

if (npmNode && major(npmNode) < major(process.version)) {
  console.log(
    `resale-studio: npm ran on Node ${npmNode}; the project runs on Node ${process.version} from node_modules/.bin, ` +
      'first on PATH under npm run (docs/decisions/015), so .npmrc hides npm engine warnings about the older Node.',
  );
}
