/**
 * `npm run dev`: the API with reload on change (tsx watch) on API_PORT (3000) and Vite's hot-reloading dev server
 * on WEB_PORT (5173), which proxies /api to the API. Open http://localhost:5173.
 */
import { spawn } from 'node:child_process';

const apiPort = process.env.API_PORT ?? '3000';
const webPort = process.env.WEB_PORT ?? '5173';
const children = [
  spawn('npx', ['tsx', 'watch', '--clear-screen=false', 'src/server/main.ts'], {
    stdio: 'inherit',
    env: { ...process.env, PORT: apiPort, PUBLIC_URL: process.env.PUBLIC_URL ?? `http://localhost:${webPort}` },
  }),
  spawn('npx', ['vite', '--port', webPort, '--strictPort'], { stdio: 'inherit', env: { ...process.env, API_PORT: apiPort } }),
];
const stop = () => {
  for (const child of children) child.kill('SIGTERM');
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const child of children) child.on('exit', (code) => code && stop());
