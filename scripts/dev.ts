/**
 * `npm run dev`: the API with reload on change (tsx watch) on API_PORT (3000) and Vite's hot-reloading dev server
 * on WEB_PORT (5173), which proxies /api to the API. Open http://localhost:5173.
 *
 * `npm run dev -- --fakes` (or DEV_FAKES=1) runs on the fakes (fakes/): the fake OpenAI-compatible provider writes
 * the listings, and the eBay keys are dropped so the API runs the simulated eBay (src/server/channels/ebay/api/simulated-ebay.ts).
 * Without it, eBay is simulated anyway whenever no EBAY_* key is set.
 */
import { spawn } from 'node:child_process';
import { startFakeOpenAi } from '../fakes/openai-server';

const apiPort = process.env.API_PORT ?? '3000';
const webPort = process.env.WEB_PORT ?? '5173';
const onFakes = process.argv.includes('--fakes') || process.env.DEV_FAKES === '1';

const fakeAi = onFakes ? await startFakeOpenAi({ latencyMs: 800 }) : null;
const apiEnv: NodeJS.ProcessEnv = { ...process.env, PORT: apiPort, PUBLIC_URL: process.env.PUBLIC_URL ?? `http://localhost:${webPort}` };
if (fakeAi) {
  Object.assign(apiEnv, { AI_PROVIDER: 'openai', AI_BASE_URL: fakeAi.url, AI_API_KEY: fakeAi.apiKey, AI_MODEL: 'gpt-fake' });
  for (const name of ['EBAY_CLIENT_ID', 'EBAY_CLIENT_SECRET', 'EBAY_RU_NAME']) delete apiEnv[name];
  apiEnv.EBAY_SIMULATION = 'auto';
  console.log(`dev on the fakes: AI from the fake OpenAI at ${fakeAi.url}, eBay simulated`);
}

const children = [
  spawn('npx', ['tsx', 'watch', '--clear-screen=false', 'src/server/main.ts'], { stdio: 'inherit', env: apiEnv }),
  spawn('npx', ['vite', '--port', webPort, '--strictPort'], { stdio: 'inherit', env: { ...process.env, API_PORT: apiPort } }),
];
const stop = () => {
  for (const child of children) child.kill('SIGTERM');
  void fakeAi?.close();
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const child of children) child.on('exit', (code) => code && stop());
