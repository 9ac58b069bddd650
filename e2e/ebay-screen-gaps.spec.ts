/**
 * The eBay screen with a connected fake eBay seller: no "Connect eBay" while connected; "Use These
 * Policies" only while the picked policies are not the ones in use (gone once pressed); the shipping service by
 * eBay's name, never its code; /test-ebay-config green only when it lists no issue.
 */
import type { Page } from '@playwright/test';
import type { PoliciesCheckResponse } from '@shared/contracts/ebay';
import { connectFakeEbaySeller } from './support/ebay-seller';
import { expect, test } from './support/fixtures';
import { saveScreen } from './support/screens';

test.skip(({ isMobile }) => isMobile, 'a flow runs once: on the desktop; its screens are checked on the phone elsewhere (decision 135)');

const shot = (page: Page, name: string, project: string) =>
  saveScreen(page, { path: `e2e/.artifacts/screens/ebay-${name}-${project}.png`, fullPage: true });

test.describe('eBay screen, connected', () => {
  test('no Connect eBay while connected; Use These Policies gone once pressed; shipping by its name', async ({
    signedInPage: page,
  }, testInfo) => {
    const project = testInfo.project.name;
    // Policies A (USPS Ground Advantage), then B (UPS Ground): B is in use.
    await connectFakeEbaySeller(page.request);
    const first = (await (await page.request.post('/api/ebay/policies/check')).json()) as PoliciesCheckResponse;
    const policyA = first.fulfillment.find((p) => p.id === first.defaults.fulfillmentPolicyId)!;
    const created = await page.request.post('/api/ebay/policies', {
      data: { handlingTimeDays: 2, shippingServiceCode: 'UPSGround', shippingCost: '6.45', freeShipping: false, returnPeriodDays: 30 },
    });
    expect(created.ok(), await created.text()).toBe(true);

    await page.goto('/ebay');
    const card = page.getByTestId('ebay-connection-card');
    await expect(card.getByRole('button', { name: 'Disconnect' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Connect eBay', exact: true })).toBeHidden();
    await expect(page.getByRole('button', { name: 'Reconnect eBay' })).toBeHidden();

    await card.getByRole('button', { name: 'Check Policies' }).click();
    const panel = page.getByTestId('ebay-policies-panel');
    const fulfillment = panel.getByLabel('Fulfillment policy');
    // The policies in use are picked: nothing to apply.
    await expect(fulfillment.locator('option:checked')).toHaveText(/^UPS Ground · \$6\.45 · 2 day handling/);
    await expect(panel.getByRole('button', { name: 'Use These Policies' })).toBeHidden();
    await expect(panel.getByText('These policies are used for your listings.')).toBeVisible();
    // eBay's names of the shipping services, not their codes.
    await expect(panel).toContainText('USPS Ground Advantage');
    await expect(panel).not.toContainText('USPSGroundAdvantage');
    await expect(panel).not.toContainText('UPSGround');

    // Picking policy A offers Use These Policies; once pressed it is gone.
    await fulfillment.selectOption({ label: `${policyA.description} (${policyA.name})` });
    const use = panel.getByRole('button', { name: 'Use These Policies' });
    await expect(use).toBeVisible();
    await use.click();
    await expect(page.getByTestId('toasts').getByText('Policies saved for your listings')).toBeVisible();
    await expect(use).toBeHidden();
    await expect(panel.getByText('These policies are used for your listings.')).toBeVisible();
    const after = (await (await page.request.post('/api/ebay/policies/check')).json()) as PoliciesCheckResponse;
    expect(after.defaults.fulfillmentPolicyId).toBe(policyA.id);
    await expect(page.getByRole('button', { name: 'Connect eBay', exact: true })).toBeHidden();
    await panel.scrollIntoViewIfNeeded();
    await shot(page, 'policies-in-use', project);
  });

  test('/test-ebay-config: the box is green only when there is no issue', async ({ page }, testInfo) => {
    await page.goto('/test-ebay-config');
    await page.getByRole('button', { name: 'Test Configuration' }).click();
    const box = page.getByRole('status').filter({ hasText: 'Environment: Sandbox' });
    await expect(box).toBeVisible();
    const issues = page.getByRole('heading', { name: 'Issues' });
    // The e2e keyset's accept URL is not https: an issue, so the box is a warning, not green.
    await expect(issues).toBeVisible();
    await expect(box).toHaveClass(/bg-amber-50/);
    await expect(box).not.toHaveClass(/bg-emerald-50/);
    await expect(box).toContainText(
      /Ready to connect eBay accounts, with (an issue|\d+ issues) to check|Not ready to connect eBay accounts/,
    );
    await shot(page, 'config-test', testInfo.project.name);
  });
});
