import { once } from 'node:events';
import { connect, createServer, type Socket } from 'node:net';

/**
 * A TCP proxy in front of a test double (a fake eBay, a fake AI) that a test takes down and brings back on the same
 * port: while down, connections are refused and open ones are cut, as when the real service goes away.
 */
export interface SwitchableProxy {
  url: string;
  down(): Promise<void>;
  up(): Promise<void>;
  close(): Promise<void>;
}

export async function startSwitchableProxy(target: { host?: string; port: number }): Promise<SwitchableProxy> {
  const sockets = new Set<Socket>();
  const server = createServer((client) => {
    const upstream = connect(target.port, target.host ?? '127.0.0.1');
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
      socket.on('error', () => {
        client.destroy();
        upstream.destroy();
      });
    }
    client.pipe(upstream).pipe(client);
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as { port: number };
  let listening = true;

  async function down() {
    if (!listening) return;
    listening = false;
    const closed = once(server, 'close');
    server.close();
    for (const socket of sockets) socket.destroy();
    await closed;
  }

  return {
    url: `http://127.0.0.1:${port}`,
    down,
    async up() {
      if (listening) return;
      server.listen(port, '127.0.0.1');
      await once(server, 'listening');
      listening = true;
    },
    close: down,
  };
}
