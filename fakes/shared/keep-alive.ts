import type { Server } from 'node:http';

/**
 * A fake keeps an idle kept-alive connection open for as long as a test can last. Node closes one after 5 s by
 * default; a client that reuses it at that very moment (Playwright's request context, the app's own fetch) has its
 * request reset ("socket hang up", ECONNRESET: the browser suite's eBay publish, once in CI). Closing the fake closes
 * every connection (`closeAllConnections`), so nothing waits on these.
 */
export function keepIdleConnections(server: Server): void {
  server.keepAliveTimeout = 10 * 60_000;
}
