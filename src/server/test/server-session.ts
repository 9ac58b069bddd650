import { itemsPaths, type Item } from '@shared/contracts/items';
import type { ServerProcess } from './server-process';
import { photoForm, type UploadFile } from './uploads';

/** A signed-in seller talking to a server process (server-process.ts) over HTTP, as the browser does. */
export interface ServerSession {
  userId: string;
  cookie: string;
  /** A same-origin API call with the session cookie; `body` goes as JSON, or as is when FormData. */
  call(server: ServerProcess, method: string, url: string, body?: unknown): Promise<Response>;
}

let accounts = 0;

function call(server: ServerProcess, cookie: string, method: string, url: string, body?: unknown): Promise<Response> {
  const form = body instanceof FormData;
  return fetch(`${server.url}${url}`, {
    method,
    headers: { origin: server.url, cookie, ...(body !== undefined && !form ? { 'content-type': 'application/json' } : {}) },
    body: body === undefined ? undefined : form ? body : JSON.stringify(body),
  });
}

/** Creates an account on the server and signs it in. */
export async function signUpOn(server: ServerProcess): Promise<ServerSession> {
  accounts += 1;
  const email = `seller-${process.pid}-${accounts}-${Date.now()}@example.com`;
  const password = 'correct-horse';
  const up = await call(server, '', 'POST', '/api/auth/sign-up/email', { email, password, name: 'seller' });
  if (up.status !== 200) throw new Error(`sign-up failed: ${up.status} ${await up.text()}`);
  const signIn = await call(server, '', 'POST', '/api/auth/sign-in/email', { email, password });
  if (signIn.status !== 200) throw new Error(`sign-in failed: ${signIn.status} ${await signIn.text()}`);
  const userId = ((await signIn.json()) as { user: { id: string } }).user.id;
  const session = signIn.headers.getSetCookie().find((c) => c.startsWith('resale.session_token='));
  if (!session) throw new Error('sign-in set no session cookie');
  const cookie = session.split(';')[0]!;
  return { userId, cookie, call: (target, method, url, body) => call(target, cookie, method, url, body) };
}

/** A draft item with these photos (POST /api/items, then its photos), answered as the server holds it. */
export async function createItemOn(
  server: ServerProcess,
  session: ServerSession,
  fields: Record<string, unknown>,
  files: UploadFile[],
): Promise<Item> {
  const created = await session.call(server, 'POST', itemsPaths.collection, fields);
  if (created.status !== 201) throw new Error(`create item failed: ${created.status} ${await created.text()}`);
  const item = (await created.json()) as Item;
  const uploaded = await session.call(server, 'POST', itemsPaths.images(item.id), photoForm(files));
  if (uploaded.status !== 200) throw new Error(`upload failed: ${uploaded.status} ${await uploaded.text()}`);
  return item;
}

/** Polls `read` until `done` holds for its answer, or throws with the last answer after `withinMs`. */
export async function waitUntil<T>(read: () => Promise<T>, done: (value: T) => boolean, withinMs: number, what: string): Promise<T> {
  const deadline = Date.now() + withinMs;
  let last = await read();
  while (!done(last)) {
    if (Date.now() > deadline) throw new Error(`${what}: not reached within ${withinMs} ms; last: ${JSON.stringify(last)}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
    last = await read();
  }
  return last;
}
