import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { channelListings, items, userCounters } from '../db/schema';
import { itemSubject } from '../jobs/job-subject';
import { enqueue } from '../jobs/queue';
import { createTestApp, type TestApp, type TestUser } from '../test/test-app';
import { createItem, uploadProduct } from '../test/uploads';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const post = (user: TestUser, payload: object) =>
  t.app.inject({ method: 'POST', url: '/api/items', payload, headers: { cookie: user.cookie } });
const get = (user: TestUser, url: string) => t.app.inject({ method: 'GET', url, headers: { cookie: user.cookie } });
const patch = (user: TestUser, id: string, payload: object) =>
  t.app.inject({ method: 'PATCH', url: `/api/items/${id}`, payload, headers: { cookie: user.cookie } });

describe('POST /api/items', () => {
  it('creates a draft with a generated SKU, a batch number and one session id', async () => {
    const user = await t.makeUser();
    const response = await post(user, { category: 'Mens Jeans', condition: 'good', brand: "Levi's" });
    expect(response.statusCode).toBe(201);
    const item = response.json();
    expect(item).toMatchObject({
      sku: 'PSTFSH-001',
      batchNumber: 1,
      status: 'draft',
      skuAssigned: true,
      photoCount: 0,
      category: 'Mens Jeans',
      condition: 'good',
      brand: "Levi's",
      aiGenerationStatus: 'pending',
      autoGenerateListing: false,
      thumbnailUrl: null,
      images: [],
    });
    expect(item.batchId).toBe(item.uploadSessionId);
    const second = (await post(user, { autoGenerateListing: true })).json();
    expect(second).toMatchObject({ sku: 'PSTFSH-002', batchNumber: 2, autoGenerateListing: true });
    expect(second.batchId).not.toBe(item.batchId);
  });

  it('numbers each user on their own', async () => {
    const a = await t.makeUser();
    const b = await t.makeUser();
    await createItem(t.app, a.cookie);
    await createItem(t.app, a.cookie);
    expect((await createItem(t.app, b.cookie)).sku).toBe('PSTFSH-001');
  });

  it('gives 50 concurrent creations 50 distinct SKUs and batch numbers', async () => {
    const user = await t.makeUser();
    const responses = await Promise.all(Array.from({ length: 50 }, () => post(user, {})));
    expect(responses.map((r) => r.statusCode)).toEqual(Array(50).fill(201));
    const items = responses.map((r) => r.json());
    const skus = new Set(items.map((i) => i.sku));
    const batches = new Set(items.map((i) => i.batchNumber));
    expect(skus.size).toBe(50);
    expect(batches.size).toBe(50);
    expect([...batches].sort((x, y) => x - y)).toEqual(Array.from({ length: 50 }, (_, i) => i + 1));
    expect(skus.has('PSTFSH-050')).toBe(true);
  });

  it('trims and upper-cases a typed SKU, refuses an empty one and a duplicate', async () => {
    const user = await t.makeUser();
    const typed = await post(user, { sku: '  abc-12 ' });
    expect(typed.statusCode).toBe(201);
    expect(typed.json()).toMatchObject({ sku: 'ABC-12', batchNumber: 1 });

    const empty = await post(user, { sku: '   ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.message).toBe('SKU cannot be empty');

    const duplicate = await post(user, { sku: 'Abc-12' });
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json().error).toEqual({ code: 'SKU_CONFLICT', message: 'SKU already exists' });

    // a typed SKU takes a batch number but not a generated SKU number
    expect((await post(user, {})).json()).toMatchObject({ sku: 'PSTFSH-001', batchNumber: 2 });
  });

  it('answers 409 for concurrent duplicates of one typed SKU (lookup and unique index)', async () => {
    const user = await t.makeUser();
    const responses = await Promise.all(Array.from({ length: 5 }, () => post(user, { sku: 'SAME-1' })));
    expect(responses.filter((r) => r.statusCode === 201)).toHaveLength(1);
    for (const r of responses.filter((r) => r.statusCode !== 201)) {
      expect(r.statusCode).toBe(409);
      expect(r.json().error.message).toBe('SKU already exists');
    }
  });

  it('never generates a SKU the user typed by hand', async () => {
    const user = await t.makeUser();
    await post(user, { sku: 'pstfsh-002' });
    await post(user, { sku: 'PSTFSH-003' });
    await post(user, { sku: 'PSTFSH-005' });
    const generated = [];
    for (let i = 0; i < 4; i++) generated.push((await post(user, {})).json().sku);
    expect(generated).toEqual(['PSTFSH-001', 'PSTFSH-004', 'PSTFSH-006', 'PSTFSH-007']);
  });

  it('grows past three digits', async () => {
    const user = await t.makeUser();
    await createItem(t.app, user.cookie);
    await t.deps.database.db.update(userCounters).set({ nextSku: 999 }).where(eq(userCounters.userId, user.id));
    expect((await createItem(t.app, user.cookie)).sku).toBe('PSTFSH-999');
    expect((await createItem(t.app, user.cookie)).sku).toBe('PSTFSH-1000');
  });
});

describe('GET /api/items/sku-available', () => {
  it("answers whether a typed SKU is taken among the seller's own items, normalised, without reserving it", async () => {
    const user = await t.makeUser();
    const other = await t.makeUser();
    const ask = async (who: TestUser, sku: string) => (await get(who, `/api/items/sku-available?${new URLSearchParams({ sku })}`)).json();
    expect(await ask(user, ' dress-a ')).toEqual({ sku: 'DRESS-A', available: true, reason: null });
    await createItem(t.app, user.cookie, { sku: 'DRESS-A' });
    expect(await ask(user, 'dress-a')).toEqual({ sku: 'DRESS-A', available: false, reason: 'SKU already exists' });
    expect(await ask(other, 'DRESS-A')).toEqual({ sku: 'DRESS-A', available: true, reason: null });
    expect(await ask(user, '  ')).toEqual({ sku: '', available: false, reason: 'SKU cannot be empty' });
    expect((await get(user, '/api/items/sku-available')).statusCode).toBe(400);
  });
});

describe('GET /api/items/sku-hints', () => {
  it('answers the last SKU and the next one without using it up', async () => {
    const user = await t.makeUser();
    expect((await get(user, '/api/items/sku-hints')).json()).toMatchObject({ last: null, next: 'PSTFSH-001' });
    await createItem(t.app, user.cookie);
    await createItem(t.app, user.cookie, { sku: 'PSTFSH-002' });
    expect((await get(user, '/api/items/sku-hints')).json()).toMatchObject({ last: 'PSTFSH-002', next: 'PSTFSH-003' });
    expect((await get(user, '/api/items/sku-hints')).json().next).toBe('PSTFSH-003');
    expect((await createItem(t.app, user.cookie)).sku).toBe('PSTFSH-003');
  });

  it('lists the next free SKUs past a gap, skipping every higher SKU already in use', async () => {
    const user = await t.makeUser();
    for (let i = 0; i < 3; i++) await createItem(t.app, user.cookie); // PSTFSH-001 ... 003
    // Typed by hand above the counter (the PSTFSH-020 and -021), leaving 004 free.
    for (const sku of ['PSTFSH-005', 'PSTFSH-006', 'PSTFSH-008']) await createItem(t.app, user.cookie, { sku });
    const hints = (await get(user, '/api/items/sku-hints')).json();
    expect(hints.next).toBe('PSTFSH-004');
    expect(hints.free.slice(0, 4)).toEqual(['PSTFSH-004', 'PSTFSH-007', 'PSTFSH-009', 'PSTFSH-010']);
    expect(hints.free).toHaveLength(new Set(hints.free).size);
    // Each one offered is free: every one of them can be typed.
    for (const sku of hints.free.slice(0, 4)) expect((await createItem(t.app, user.cookie, { sku })).sku).toBe(sku);
    expect((await get(user, '/api/items/sku-hints')).json().free.slice(0, 2)).toEqual(['PSTFSH-011', 'PSTFSH-012']);
  });
});

describe('PATCH /api/items/:id', () => {
  it('edits the SKU with the same rules, and category, condition and brand', async () => {
    const user = await t.makeUser();
    const first = await createItem(t.app, user.cookie);
    const second = await createItem(t.app, user.cookie);

    const renamed = await patch(user, first.id, { sku: ' my-sku ', brand: 'Gap', category: 'Mens Tops', condition: 'fair' });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json()).toMatchObject({ sku: 'MY-SKU', brand: 'Gap', category: 'Mens Tops', condition: 'fair' });

    expect((await patch(user, first.id, { sku: 'my-sku' })).statusCode).toBe(200); // its own SKU is no conflict
    const clash = await patch(user, second.id, { sku: 'MY-SKU' });
    expect(clash.statusCode).toBe(409);
    expect(clash.json().error).toEqual({ code: 'SKU_CONFLICT', message: 'SKU already exists' });
    const empty = await patch(user, second.id, { sku: '' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.message).toBe('SKU cannot be empty');

    const cleared = await patch(user, first.id, { brand: '', category: null });
    expect(cleared.json()).toMatchObject({ sku: 'MY-SKU', brand: null, category: null, condition: 'fair' });
  });

  it('refuses a SKU eBay would refuse with the message the seller sees while typing, and keeps the old one', async () => {
    const user = await t.makeUser();
    const item = await createItem(t.app, user.cookie);
    const message = 'SKU cannot contain spaces or "!". Use only letters, numbers, hyphens and underscores.';

    const created = await post(user, { sku: 'pstfsh 5!' });
    expect(created.statusCode).toBe(400);
    expect(created.json().error).toEqual({ code: 'VALIDATION_FAILED', message });
    const renamed = await patch(user, item.id, { sku: 'pstfsh 5!' });
    expect(renamed.statusCode).toBe(400);
    expect(renamed.json().error).toEqual({ code: 'VALIDATION_FAILED', message });
    const tooLong = await patch(user, item.id, { sku: 'X'.repeat(51) });
    expect(tooLong.json().error.message).toBe('SKU must be at most 50 characters');
    const uploaded = await uploadProduct(t.app, user.cookie, { uploadKey: randomUUID(), sku: 'a/b' }, [
      { name: 'a.jpg', bytes: Buffer.from('not read') },
    ]);
    expect(uploaded.statusCode).toBe(400);
    expect(uploaded.json().error.message).toBe('SKU cannot contain "/". Use only letters, numbers, hyphens and underscores.');
    expect((await get(user, `/api/items/sku-available?${new URLSearchParams({ sku: 'pstfsh 5!' })}`)).json()).toEqual({
      sku: 'PSTFSH 5!',
      available: false,
      reason: message,
    });

    expect((await get(user, `/api/items/${item.id}`)).json().sku).toBe(item.sku);
    const skus = (await get(user, '/api/items?view=batches')).json().items.map((i: { sku: string }) => i.sku);
    expect(skus).toEqual([item.sku]);
  });

  it('lets the generator skip a SKU taken by an edit', async () => {
    const user = await t.makeUser();
    const first = await createItem(t.app, user.cookie);
    await patch(user, first.id, { sku: 'PSTFSH-002' });
    expect((await createItem(t.app, user.cookie)).sku).toBe('PSTFSH-003');
  });

  it('lists the next free SKUs past a gap, skipping every higher SKU already in use', async () => {
    const user = await t.makeUser();
    for (let i = 0; i < 3; i++) await createItem(t.app, user.cookie); // PSTFSH-001 ... 003
    // Typed by hand above the counter (the PSTFSH-020 and -021), leaving 004 free.
    for (const sku of ['PSTFSH-005', 'PSTFSH-006', 'PSTFSH-008']) await createItem(t.app, user.cookie, { sku });
    const hints = (await get(user, '/api/items/sku-hints')).json();
    expect(hints.next).toBe('PSTFSH-004');
    expect(hints.free.slice(0, 4)).toEqual(['PSTFSH-004', 'PSTFSH-007', 'PSTFSH-009', 'PSTFSH-010']);
    expect(hints.free).toHaveLength(new Set(hints.free).size);
    // Each one offered is free: every one of them can be typed.
    for (const sku of hints.free.slice(0, 4)) expect((await createItem(t.app, user.cookie, { sku })).sku).toBe(sku);
    expect((await get(user, '/api/items/sku-hints')).json().free.slice(0, 2)).toEqual(['PSTFSH-011', 'PSTFSH-012']);
  });
});

describe('GET /api/items/summary', () => {
  it('counts staged drafts, batches and background generations', async () => {
    const user = await t.makeUser();
    expect((await get(user, '/api/items/summary')).json()).toEqual({ stagedCount: 0, batchCount: 0, generatingCount: 0 });
    const first = await createItem(t.app, user.cookie);
    await createItem(t.app, user.cookie);
    await t.deps.database.db.update(items).set({ aiGenerationStatus: 'generating' }).where(eq(items.id, first.id));
    expect((await get(user, '/api/items/summary')).json()).toEqual({ stagedCount: 2, batchCount: 2, generatingCount: 1 });
    const queued = await createItem(t.app, user.cookie, { autoGenerateListing: true });
    expect((await get(user, '/api/items/summary')).json().generatingCount).toBe(1); // no job yet
    await enqueue(t.deps.database.db, 'generate-listing', { userId: user.id, subject: itemSubject(queued.id) });
    expect((await get(user, '/api/items/summary')).json()).toEqual({ stagedCount: 3, batchCount: 3, generatingCount: 2 });
  });

  it('does not count as staged a product sold, or live on a marketplace (an imported eBay listing is live)', async () => {
    const user = await t.makeUser();
    const other = await t.makeUser();
    const [staged, sold, imported] = [
      await createItem(t.app, user.cookie),
      await createItem(t.app, user.cookie),
      await createItem(t.app, user.cookie),
    ];
    const foreign = await createItem(t.app, other.cookie);
    const db = t.deps.database.db;
    await db.insert(channelListings).values([
      { userId: user.id, itemId: staged.id, channel: 'depop', status: 'draft' },
      { userId: user.id, itemId: sold.id, channel: 'depop', status: 'sold' },
      { userId: user.id, itemId: sold.id, channel: 'ebay', status: 'ended' },
      { userId: user.id, itemId: imported.id, channel: 'ebay', status: 'live' },
      { userId: other.id, itemId: foreign.id, channel: 'ebay', status: 'live' },
    ]);
    expect((await get(user, '/api/items/summary')).json()).toMatchObject({ stagedCount: 1, batchCount: 3 });
    expect((await get(other, '/api/items/summary')).json()).toMatchObject({ stagedCount: 0, batchCount: 1 });
  });
});

describe('validation', () => {
  it('refuses unknown views, bad cursors and non-uuid ids with 400', async () => {
    const user = await t.makeUser();
    expect((await get(user, '/api/items?view=everything')).statusCode).toBe(400);
    const badCursor = await get(user, '/api/items?cursor=bm9wZQ');
    expect(badCursor.statusCode).toBe(400);
    expect(badCursor.json().error.message).toContain('Invalid cursor');
    expect((await get(user, '/api/items/not-a-uuid')).statusCode).toBe(400);
  });

  it('answers 401 when signed out', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/api/items', payload: {} });
    expect(response.statusCode).toBe(401);
  });
});
