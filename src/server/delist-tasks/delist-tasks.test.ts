import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { channelMessages, channelsPaths } from '@shared/contracts/channels';
import type { AssistedChannel } from '@shared/domain/channel-listing';
import type { Mailer, MailMessage } from '../adapters/mail/mailer';
import { channelListings } from '../db/schema';
import { useFakeEbaySales } from '../test/fake-ebay-sales';
import { makeJpeg } from '../test/images';
import { silentLog } from '../test/listings';
import type { TestUser } from '../test/test-app';
import { createItemWithPhotos } from '../test/uploads';
import { createSalesService } from '../sales/sales';
import { createDelistTasks } from './delist-tasks';

/** Decisions 052 and 084: the delist tasks a sale anywhere leaves on the assisted channels, and how the seller hears of them. */
const setup = useFakeEbaySales('delist');
const db = () => setup.t.deps.database.db;
const inject = (user: TestUser, method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) =>
  setup.t.app.inject({ method, url, headers: { cookie: user.cookie }, ...(payload === undefined ? {} : { payload: payload as object }) });

const listingOf = async (itemId: string, channel: string) =>
  (
    await db()
      .select()
      .from(channelListings)
      .where(and(eq(channelListings.itemId, itemId), eq(channelListings.channel, channel as AssistedChannel)))
  )[0];

/** The seller recorded the item live on an assisted channel (the assisted screen's part: written here directly). */
async function recordLive(user: TestUser, itemId: string, channel: AssistedChannel, url = `https://${channel}.example/listing/${itemId}`) {
  await db()
    .insert(channelListings)
    .values({ userId: user.id, itemId, channel, status: 'live', url, listedAt: new Date(Date.now() - 3_600_000) })
    .onConflictDoUpdate({ target: [channelListings.itemId, channelListings.channel], set: { status: 'live', url } });
}

/** The e-mails in the outbox to `to`. */
function mailsTo(to: string): { subject: string; text: string }[] {
  const config = setup.t.deps.config.mail;
  if (config.kind !== 'outbox' || !existsSync(config.dir)) return [];
  return readdirSync(config.dir)
    .map((file) => JSON.parse(readFileSync(path.join(config.dir, file), 'utf8')) as { to: string; subject: string; text: string })
    .filter((mail) => mail.to === to);
}

describe('a sale anywhere', () => {
  it('turns each live assisted listing into a delist task once, e-mailed once; ticked, the listing ends', async () => {
    const user = await setup.connectedSeller();
    const { itemId, ebaySku } = await setup.publishedItem(user);
    await recordLive(user, itemId, 'poshmark');
    await recordLive(user, itemId, 'depop');
    // Prepared, never put up: nothing to take down.
    await db().insert(channelListings).values({ userId: user.id, itemId, channel: 'mercari', status: 'draft' });
    // Another item of the seller's, unsold, stays up.
    const unsold = (await createItemWithPhotos(setup.t.app, user.cookie, [{ name: '1.jpg', bytes: await makeJpeg(64, 48) }])).item.id;
    await recordLive(user, unsold, 'poshmark');
    await db().insert(channelListings).values({ userId: user.id, itemId: unsold, channel: 'depop', status: 'draft' });
    setup.fake.state.sell(ebaySku);

    const pull = () => setup.t.deps.services.sales.pullSalesOf(user.id, 'ebay');
    expect((await pull()).sold).toEqual([itemId]);
    const poshmark = await listingOf(itemId, 'poshmark');
    expect(poshmark).toMatchObject({ status: 'live' });
    expect(poshmark!.delistTaskAt).not.toBeNull();
    expect(await listingOf(itemId, 'mercari')).toMatchObject({ status: 'ended', delistTaskAt: null });
    expect(await listingOf(unsold, 'poshmark')).toMatchObject({ status: 'live', delistTaskAt: null });
    expect(await listingOf(unsold, 'depop')).toMatchObject({ status: 'draft' });

    const tasks = (await inject(user, 'GET', channelsPaths.delistTasks)).json().tasks;
    expect(tasks.map((task: { channel: string }) => task.channel).sort()).toEqual(['depop', 'poshmark']);
    expect(tasks[0]).toMatchObject({ itemId, url: expect.stringContaining('.example/listing/'), thumbnailUrl: expect.any(String) });

    // Both tasks in one e-mail, once: a second pull (a retry) sends nothing more, nor sets the tasks again.
    const mails = mailsTo(user.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain('Delist from Poshmark');
    expect(mails[0]!.text).toContain('Delist from Depop');
    expect(mails[0]!.text).toContain(`https://depop.example/listing/${itemId}`);
    await pull();
    expect(mailsTo(user.email)).toHaveLength(1);
    expect((await listingOf(itemId, 'poshmark'))!.delistTaskAt).toEqual(poshmark!.delistTaskAt);

    // Another seller cannot tick it (404); the seller's tick ends the listing; a second tick: no task left.
    const stranger = await setup.t.makeUser();
    expect((await inject(stranger, 'POST', channelsPaths.delisted(itemId, 'poshmark'))).statusCode).toBe(404);
    expect((await inject(stranger, 'GET', channelsPaths.delistTasks)).json().tasks).toEqual([]);
    expect((await inject(user, 'POST', channelsPaths.delisted(itemId, 'poshmark'))).statusCode).toBe(204);
    expect(await listingOf(itemId, 'poshmark')).toMatchObject({ status: 'ended', delistTaskAt: null, endedAt: expect.any(Date) });
    const twice = await inject(user, 'POST', channelsPaths.delisted(itemId, 'poshmark'));
    expect(twice.statusCode).toBe(409);
    expect(twice.json().error.message).toBe(channelMessages.noTask);
    await pull();
    expect(await listingOf(itemId, 'poshmark')).toMatchObject({ status: 'ended', delistTaskAt: null });
    expect((await inject(user, 'GET', channelsPaths.delistTasks)).json().tasks.map((task: { channel: string }) => task.channel)).toEqual([
      'depop',
    ]);
    // The item's listings say it on the card.
    const item = (await inject(user, 'GET', `/api/items/${itemId}`)).json();
    expect(item.listings).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ channel: 'depop', status: 'live', delistTask: true }),
        expect.objectContaining({ channel: 'poshmark', status: 'ended', delistTask: false }),
      ]),
    );
  });

  it('a failed send leaves the tasks to mail after the next pull: each task e-mailed once, never twice', async () => {
    const user = await setup.connectedSeller();
    const { itemId, ebaySku } = await setup.publishedItem(user);
    await recordLive(user, itemId, 'mercari');
    const sent: MailMessage[] = [];
    let failNext = true;
    const mailer: Mailer = {
      kind: 'outbox',
      async send(message) {
        if (failNext) {
          failNext = false;
          throw new Error('SMTP server down');
        }
        sent.push(message);
      },
    };
    const services = setup.t.deps.services;
    const delistTasks = createDelistTasks({
      db: db(),
      storage: setup.t.deps.storage,
      mailer,
      log: silentLog,
    });
    const salesService = createSalesService({
      db: db(),
      marketplaces: services.marketplaces,
      clock: { now: () => Date.now() },
      log: silentLog,
      delistTasks,
    });
    setup.fake.state.sell(ebaySku);
    await salesService.pullSalesOf(user.id, 'ebay');
    // The send failed: the task stands, unmailed.
    expect(sent).toEqual([]);
    expect(await listingOf(itemId, 'mercari')).toMatchObject({ status: 'live', delistMailedAt: null });
    await salesService.pullSalesOf(user.id, 'ebay');
    expect(sent.map((mail) => mail.to)).toEqual([user.email]);
    expect(sent[0]!.text).toContain('Delist from Mercari');
    // Two more pulls at once: nothing left to claim.
    await Promise.all([salesService.pullSalesOf(user.id, 'ebay'), salesService.pullSalesOf(user.id, 'ebay')]);
    expect(sent).toHaveLength(1);
  });

  it('sends no e-mail to a seller who allowed browser notifications', async () => {
    const user = await setup.connectedSeller();
    expect((await inject(user, 'GET', channelsPaths.notifications)).json()).toEqual({ browserNotifications: false });
    expect((await inject(user, 'PUT', channelsPaths.notifications, { browserNotifications: true })).json()).toEqual({
      browserNotifications: true,
    });
    expect((await inject(user, 'GET', channelsPaths.notifications)).json()).toEqual({ browserNotifications: true });
    const { itemId, ebaySku } = await setup.publishedItem(user);
    await recordLive(user, itemId, 'vinted');
    setup.fake.state.sell(ebaySku);
    await setup.t.deps.services.sales.pullSalesOf(user.id, 'ebay');
    expect((await listingOf(itemId, 'vinted'))!.delistTaskAt).not.toBeNull();
    expect(mailsTo(user.email)).toEqual([]);
  });
});
