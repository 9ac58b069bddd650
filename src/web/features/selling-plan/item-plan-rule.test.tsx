import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ListedItem } from '@shared/contracts/items';
import type { ItemProfitFloorResponse } from '@shared/contracts/profit-floor';
import { sellingPlanPaths, type SellingPlanRule } from '@shared/contracts/selling-plan';
import { renderWithProviders } from '@/test/render-with-providers';
import { ItemPlanRuleButton } from './item-plan-rule';
import { draftInvalid } from './rule-draft';
import { ruleWords } from './rule-fields';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const itemId = '6f1c2b9e-3a4d-4e5f-8a9b-0c1d2e3f4a5b';
const scope = `item:${itemId}` as const;
const item = {
  id: itemId,
  sku: 'JEANS-7',
  updatedAt: '2026-11-28T12:00:00.000Z',
  sale: null,
  listings: [{ channel: 'etsy', status: 'live' }],
} as unknown as Pick<ListedItem, 'id' | 'sku' | 'updatedAt' | 'listings' | 'sale'>;

const usd = (amountMinor: number) => ({ amountMinor, currency: 'USD' });
/** The item on Etsy at $45.00, its floor $11.55 (Etsy's 9.5% and $0.45 a sale, a $10 cost). */
const floors: ItemProfitFloorResponse = {
  itemId,
  currency: 'USD',
  cost: usd(1000),
  settings: { currency: 'USD', shippingCost: usd(0), minimumMargin: { kind: 'amount', amount: usd(0) } },
  channels: [
    {
      channel: 'etsy',
      label: 'Etsy',
      fees: {
        basis: 'published',
        schedule: { currency: 'USD', tiers: [{ fromMinor: 0, ratePpm: 95_000, fixedMinor: 45 }] },
        source: 'x',
        checkedOn: '2026-11-01',
        note: '',
      },
      status: 'floor',
      floor: usd(1155),
      breakEven: usd(1155),
      price: usd(4500),
      profit: usd(3027),
      warning: null,
    },
  ],
  feesRule: '',
};

/** The seller's rules and the item's floors; every PUT and DELETE of a rule recorded and answered with the rules after it. */
function server(saved: SellingPlanRule[] = []) {
  let rules = saved;
  const sent: { method: string; path: string; body: unknown }[] = [];
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const path = String(input);
    const method = init?.method ?? 'GET';
    if (path.includes('profit-floor')) return Response.json(floors);
    if (method !== 'GET') sent.push({ method, path, body: init?.body ? JSON.parse(init.body as string) : undefined });
    if (method === 'PUT') rules = (JSON.parse(init!.body as string) as { rules: SellingPlanRule[] }).rules;
    if (method === 'DELETE') rules = rules.filter((r) => path !== sellingPlanPaths.rule(r.scope));
    return Response.json({ rules });
  });
  return sent;
}

async function open() {
  renderWithProviders(<ItemPlanRuleButton item={item} />);
  fireEvent.click(screen.getByRole('button', { name: 'Drops & relists, JEANS-7' }));
  const sheet = await screen.findByTestId('item-plan-rule');
  const form = within(sheet).getByRole('form', { name: 'This item’s drops and relists' });
  return {
    sheet,
    type: (label: string, value: string) => fireEvent.change(within(form).getByLabelText(label), { target: { value } }),
    save: () => fireEvent.click(within(form).getByRole('button', { name: ruleWords.save })),
  };
}

describe('ItemPlanRuleButton', () => {
  it('previews the item’s own rule as it is typed, then saves it for the item alone', async () => {
    const sent = server();
    const { sheet, type, save } = await open();
    const preview = await within(sheet).findByTestId('item-rule-channel');
    expect(preview.textContent).toContain('No rule: no drops or relists');
    type(ruleWords.mode, 'own');
    type(ruleWords.percent, '5');
    type(ruleWords.first, '0');
    type(ruleWords.second, '');
    expect(within(sheet).getByTestId('item-rule-channel').textContent).toContain('This item’s own rule: 5% off after 0 days');
    save();
    expect(await within(screen.getByTestId('toasts')).findByText(ruleWords.saved)).toBeTruthy();
    expect(sent).toEqual([
      {
        method: 'PUT',
        path: sellingPlanPaths.rules,
        body: {
          rules: [{ scope, enabled: true, dropSteps: [{ afterDays: 0, basisPoints: 500 }], relistAfterDays: null, automatic: false }],
        },
      },
    ]);
  });

  it('refuses a day that is no whole number in a toast, and a rule that follows the seller’s removes the item’s', async () => {
    const sent = server([
      { scope, enabled: true, dropSteps: [{ afterDays: 14, basisPoints: 1000 }], relistAfterDays: null, automatic: false },
    ]);
    const { sheet, type, save } = await open();
    await waitFor(() => expect(within(sheet).getByLabelText(ruleWords.percent)).toHaveProperty('value', '10'));
    type(ruleWords.first, '2.5');
    save();
    expect(await within(screen.getByTestId('toasts')).findByText(draftInvalid)).toBeTruthy();
    expect(sent).toEqual([]);
    type(ruleWords.mode, 'follow');
    save();
    await waitFor(() => expect(sent).toEqual([{ method: 'DELETE', path: sellingPlanPaths.rule(scope), body: undefined }]));
    expect(await within(screen.getByTestId('toasts')).findByText(ruleWords.saved)).toBeTruthy();
  });
});
