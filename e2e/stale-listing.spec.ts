/**
 * A listing written before the seller changed its category, condition or brand is out of date. It
 * is not Ready, readiness says so, and Regenerate sits right beside that message (on Generate Listings and on the
 * eBay screen's card); once regenerated it is Ready again with a title from the new fields. The fake AI writes the
 * title from the brand and category it is told ("<Brand> Men's Jeans ...", "... Men's Shirt ...").
 */
import sharp from 'sharp';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import type { Item } from '@shared/contracts/items';
import { connectFakeEbaySeller } from './support/ebay-seller';
import { expect, test } from './support/fixtures';
import { seedWrittenListing } from './support/listed-items';
import { saveScreen } from './support/screens';
import { paced } from './support/pace';

test.skip(({ isMobile }) => !isMobile, 'a flow runs once: on the phone, where sellers run it (decision 135)');

const outOfDate =
  'Listing out of date: the category, condition or brand changed after it was written. Regenerate it, or edit its text and save.';
const regenerateQuestion = 'Are you sure you want to regenerate this listing? The current content will be replaced.';

let jpeg: Buffer;
test.beforeAll(async () => {
  jpeg = await sharp({ create: { width: 320, height: 320, channels: 3, background: '#2c4a7a' } })
    .jpeg()
    .toBuffer();
});

const run = Date.now().toString(36).toUpperCase();
let serial = 0;

/** An item with a photo, Mens Jeans / Good / Levi's, whose listing the fake AI has written. */
async function seedStaleCandidate(request: APIRequestContext, project: string): Promise<Item> {
  return seedWrittenListing(request, jpeg, `STALE-${project === 'phone' ? 'P' : 'D'}${run}-${++serial}`);
}

const shot = (page: Page, name: string, project: string) =>
  saveScreen(page, { path: `e2e/.artifacts/screens/stale-${name}-${project}.png`, fullPage: true });

/** The Generate Listings card of `sku`, opened. */
async function openListingCard(page: Page, sku: string): Promise<Locator> {
  await page.goto('/listings');
  const card = page.locator(`[data-testid="listing-card"][data-sku="${sku}"]`);
  await card.getByTestId('listing-toggle').click();
  await expect(card.getByTestId('listing-readiness')).toBeVisible();
  return card;
}

test.describe('Stale listing', () => {
  test('changing the brand and condition on Generate Listings makes it out of date; Regenerate on the eBay card makes it Ready with the new title', async ({
    signedInPage: page,
  }, testInfo) => {
    const project = testInfo.project.name;
    await connectFakeEbaySeller(page.request);
    const item = await seedStaleCandidate(page.request, project);

    const listing = await openListingCard(page, item.sku);
    await expect(listing.getByTestId('listing-readiness')).toContainText('Listing text complete');
    await listing.getByRole('combobox', { name: `Condition of ${item.sku}` }).selectOption({ label: 'Excellent' });
    const brand = listing.getByRole('textbox', { name: `Brand of ${item.sku}` });
    await brand.fill('Ralph Lauren');
    await brand.press('Enter');
    const listingErrors = listing.getByTestId('readiness-errors');
    await expect(listingErrors).toContainText(outOfDate);
    await expect(listing.getByTestId('listing-readiness')).toContainText('Listing text incomplete');
    // Regenerate is offered right beside the message.
    await expect(listingErrors.getByRole('button', { name: 'Regenerate' })).toBeVisible();
    await shot(page, 'listings-out-of-date', project);

    await page.goto('/ebay');
    const card = page.locator(`[data-testid="publish-card"][data-sku="${item.sku}"]`);
    await expect(card).toContainText("Levi's Men's Jeans Blue Cotton Regular Fit Size 32");
    const errors = card.getByTestId('readiness-errors');
    await expect(errors).toContainText(outOfDate);
    await expect(card.getByTestId('readiness-ok')).toBeHidden();
    await expect(card.getByTestId('readiness-bar')).not.toHaveAttribute('data-colour', 'green');
    await errors.scrollIntoViewIfNeeded();
    await shot(page, 'ebay-out-of-date', project);

    await errors.getByRole('button', { name: 'Regenerate', exact: true }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Regenerate listing' });
    await expect(confirm).toContainText(regenerateQuestion);
    await confirm.getByRole('button', { name: 'Regenerate' }).click();
    await expect(page.getByTestId('toasts').getByText('Listing regenerated successfully!')).toBeVisible({ timeout: paced(60_000) });
    await expect(card).toContainText("Ralph Lauren Men's Jeans Blue Cotton Regular Fit Size 32");
    await expect(card.getByTestId('readiness-ok')).toContainText('Ready to publish');
    await expect(card.getByTestId('readiness-errors')).toBeHidden();
    await expect(card.getByTestId('readiness-bar')).toHaveAttribute('data-colour', 'green');
    await shot(page, 'ebay-regenerated', project);
  });

  test('changing the category on Generate Listings: Regenerate beside the message, confirmed, makes the listing complete with the new title', async ({
    signedInPage: page,
  }, testInfo) => {
    const project = testInfo.project.name;
    const item = await seedStaleCandidate(page.request, project);

    const listing = await openListingCard(page, item.sku);
    await listing.getByRole('combobox', { name: `Category of ${item.sku}` }).selectOption('Mens Tops');
    const errors = listing.getByTestId('readiness-errors');
    await expect(errors).toContainText(outOfDate);
    await expect(listing.getByTestId('listing-readiness')).toContainText('Listing text incomplete');

    await errors.getByRole('button', { name: 'Regenerate' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Regenerate listing?' });
    await expect(confirm).toContainText(regenerateQuestion);
    await confirm.getByRole('button', { name: 'Regenerate' }).click();
    await expect(listing).toHaveAttribute('data-status', 'completed', { timeout: paced(60_000) });
    await expect(listing.getByTestId('listing-readiness')).toContainText('Listing text complete', { timeout: paced(60_000) });
    await expect(listing.getByTestId('readiness-panel')).not.toContainText(outOfDate);
    await expect(page.getByText("Levi's Men's Shirt Blue Cotton Regular Fit Size 32").first()).toBeVisible();
  });
});
