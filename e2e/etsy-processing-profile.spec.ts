import type { Page } from '@playwright/test';
import sharp from 'sharp';
import { etsyProcessingSwitchMessages } from '@shared/contracts/etsy';
import type { Item } from '@shared/contracts/items';
import { e2eEnv } from './support/e2e-env';
import { connectFakeEtsy } from './support/etsy-seller';
import { expect, test } from './support/fixtures';
import { seedWrittenListing } from './support/listed-items';
import { expectPhoneFriendly } from './support/phone-checks';
import { seriousViolations } from './support/axe';
import { saveScreen } from './support/screens';
import { paced } from './support/pace';

test.skip(({ isMobile }) => !isMobile, 'a flow runs once: on the phone, where sellers run it (decision 135)');

/**
 * Etsy's processing profiles (2026): a listing made before them ships on its own processing time, and moving it onto
 * the shop's profile cannot be undone on Etsy. The seller is asked, with a confirmation, and nothing switches before
 * the yes.
 */
interface FakeEtsyState {
  listings: { listing_id: number; sku: string | null; readiness_state_id: number | null }[];
  contractViolations: unknown[];
}
const fakeEtsy = async (page: Page) => (await (await page.request.get(`${e2eEnv.fakeEtsyURL}/__control/state`)).json()) as FakeEtsyState;
const shot = (page: Page, project: string, name: string) =>
  saveScreen(page, { path: `e2e/.artifacts/screens/etsy2026-${name}-${project}.png`, fullPage: false });

test('a listing on its own processing time is switched to the processing profile only after the seller confirms', async ({
  signedInPage: page,
}, testInfo) => {
  // A written item published on the fake Etsy first: the AI's writing and the publish job take their time under load.
  const project = testInfo.project.name;
  await connectFakeEtsy(page.request);
  const photo = await sharp({ create: { width: 320, height: 320, channels: 3, background: '#3d5a2b' } })
    .jpeg()
    .toBuffer();
  const item = await seedWrittenListing(page.request, photo, `PROC-${project.toUpperCase()}-${Date.now().toString(36)}`);
  expect((await page.request.put(`/api/items/${item.id}/listings/etsy/answers`, { data: { whenMade: '1990s' } })).ok()).toBe(true);
  const queued = await page.request.post('/api/etsy/publish', { data: { itemIds: [item.id] } });
  expect(await queued.json()).toMatchObject({ queued: [item.id] });
  await expect
    .poll(
      async () =>
        ((await (await page.request.get(`/api/items/${item.id}`)).json()) as Item).listings.find((l) => l.channel === 'etsy')?.status,
      {
        timeout: paced(30_000),
      },
    )
    .toBe('live');
  // The listing as a seller who listed before processing profiles has it on Etsy.
  const onEtsy = async () => (await fakeEtsy(page)).listings.find((l) => l.sku === item.sku)!;
  const listingId = (await onEtsy()).listing_id;
  expect((await page.request.post(`${e2eEnv.fakeEtsyURL}/__control/make-legacy`, { data: { listingId } })).ok()).toBe(true);

  await page.goto('/listings');
  const card = page.locator(`[data-testid="listing-card"][data-sku="${item.sku}"]`);
  await card.getByTestId('listing-toggle').click();
  const question = card.getByTestId('etsy-processing-switch');
  await question.scrollIntoViewIfNeeded();
  await expect(question).toContainText('still uses its own processing time');
  await expect(question).toContainText('cannot be undone on Etsy');
  await shot(page, project, 'processing-question');
  expect(await seriousViolations(page), 'the question').toEqual([]);
  if (project === 'phone') await expectPhoneFriendly(page, 'Etsy processing profile question');

  // Asked first: "Not now" leaves the listing as it is.
  const open = question.getByRole('button', { name: 'Switch to my processing profile…' });
  if (project === 'phone') await open.tap();
  else {
    await open.focus();
    await page.keyboard.press('Enter');
  }
  const dialog = page.getByRole('alertdialog', { name: etsyProcessingSwitchMessages.confirmTitle });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('Etsy cannot switch it back');
  await shot(page, project, 'processing-confirm');
  expect(await seriousViolations(page), 'the confirmation').toEqual([]);
  await dialog.getByRole('button', { name: 'Not now' }).click();
  await expect(dialog).toBeHidden();
  expect((await onEtsy()).readiness_state_id).toBeNull();

  // The yes switches it.
  await open.click();
  await dialog.getByRole('button', { name: etsyProcessingSwitchMessages.confirmLabel }).click();
  await expect(card.getByText(etsyProcessingSwitchMessages.switched)).toBeVisible();
  await expect(question).toBeHidden();
  await shot(page, project, 'processing-switched');
  await expect.poll(async () => (await onEtsy()).readiness_state_id).not.toBeNull();
  expect((await fakeEtsy(page)).contractViolations).toEqual([]);
});
