import { paced } from '@shared/testing/pace';
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServerBundle, startServerProcess } from './server-process';
import { tempDirs } from './temp-dirs';

/**
 * A server asked to stop (SIGTERM) while a client holds a request open (a phone that went out of signal mid-upload)
 * waits for it a while, says what it waits for, then cuts it and exits cleanly: before, such a client held the
 * shutdown forever (seen in CI as a server that never exited after the kill test).
 */
const makeDir = tempDirs('rs-shutdown-');
let bundle: Awaited<ReturnType<typeof buildServerBundle>>;
beforeAll(async () => {
  bundle = await buildServerBundle();
});
afterAll(() => bundle?.remove());

describe.skipIf(process.env.TEST_DB_DRIVER === 'postgres')('shutdown', () => {
  it('cuts a request whose body never comes, names the step it waited on, and exits 0', { timeout: paced(90_000) }, async () => {
    const server = await startServerProcess(bundle.main, { DATA_DIR: makeDir(), APP_SECRET: 'shutdown-test-secret-0123456789abcdef' });
    const { port } = new URL(server.url);
    const socket = connect(Number(port), '127.0.0.1');
    socket.on('error', () => undefined);
    const cut = new Promise<void>((resolve) => socket.on('close', () => resolve()));
    // a JSON body announced as 1,000 bytes, of which 10 arrive
    socket.write(
      `POST /api/auth/sign-in/email HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nOrigin: ${server.url}\r\n` +
        'Content-Type: application/json\r\nContent-Length: 1000\r\n\r\n{"email":"',
    );
    await new Promise((resolve) => setTimeout(resolve, 500));

    await server.stop();
    expect(server.child.exitCode).toBe(0);
    expect(server.output()).toContain('Shutdown: still waiting for open requests');
    await cut;
  });
});
