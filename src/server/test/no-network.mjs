// Preloaded (`node --import`) into a process that must work offline: any attempt to reach the network (a socket
// connection, a DNS look-up, fetch) fails at once and is written to the file NO_NETWORK_LOG names, so a test can
// show that nothing was tried. Plain JavaScript: it runs before any TypeScript loader.
import { appendFileSync } from 'node:fs';
import dns from 'node:dns';
import net from 'node:net';

const log = process.env.NO_NETWORK_LOG;
const refuse = (what) => {
  if (log) appendFileSync(log, `${what}\n`);
  throw new Error(`network use refused: ${what}`);
};

const connect = net.Socket.prototype.connect;
net.Socket.prototype.connect = function (...args) {
  const [first] = args;
  // The parent's IPC channel is a pipe already open, not a connection; a path (a local socket) is not the network.
  if (typeof first === 'string' || (first && typeof first === 'object' && 'path' in first)) return connect.apply(this, args);
  return refuse(`connect ${JSON.stringify(first)}`);
};
dns.lookup = (host) => refuse(`dns ${host}`);
dns.promises.lookup = async (host) => refuse(`dns ${host}`);
globalThis.fetch = async (url) => refuse(`fetch ${String(url)}`);
