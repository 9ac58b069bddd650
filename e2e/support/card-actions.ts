import { expect, type Locator, type Page } from '@playwright/test';

/**
 * A product card's action by its accessible name: the button in the card's row, or (on a phone) the item
 * of its "More actions for <SKU>" menu, opened here. The caller clicks or taps what it gets.
 */
export async function cardAction(page: Page, sku: string, name: string): Promise<Locator> {
  const card = page.locator(`[data-testid="product-card"][data-sku="${sku}"]`);
  const button = card.getByRole('button', { name, exact: true });
  const more = card.getByRole('button', { name: `More actions for ${sku}`, exact: true });
  await expect(button.or(more).first()).toBeVisible();
  if (await button.isVisible()) return button;
  await more.click();
  return page.getByRole('menu', { name: `More actions for ${sku}` }).getByRole('menuitem', { name, exact: true });
}
