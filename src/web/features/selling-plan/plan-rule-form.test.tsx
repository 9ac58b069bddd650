import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { sellingPlanPaths, type SellingPlanRule } from '@shared/contracts/selling-plan';
import { sellerRegionRoutes } from '@shared/contracts/seller-region-routes';
import { setMoneyLocale } from '@shared/domain/money';
import { renderWithProviders } from '@/test/render-with-providers';
import { PlanRuleForm, ruleWords } from './plan-rule-form';
import { draftInvalid } from './rule-draft';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  setMoneyLocale('en-US');
});

/**
 * The seller's rules as the server keeps them: every PUT and DELETE recorded and answered with the rules after it; the
 * seller sells from `country` (the US when not given).
 */
function server(saved: SellingPlanRule[] = [], country?: string) {
  let rules = saved;
  const sent: { method: string; path: string; body: unknown }[] = [];
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const path = String(input);
    const method = init?.method ?? 'GET';
    if (path.endsWith(sellerRegionRoutes.region) && country)
      return Response.json({
        country,
        label: country,
        currency: 'GBP',
        locale: 'en-GB',
        ebayMarketplaceId: 'EBAY_GB',
        productSafety: true,
        source: 'seller',
      });
    if (method !== 'GET') sent.push({ method, path, body: init?.body ? JSON.parse(init.body as string) : undefined });
    if (method === 'PUT') {
      const [rule] = (JSON.parse(init!.body as string) as { rules: SellingPlanRule[] }).rules;
      rules = [...rules.filter((r) => r.scope !== rule!.scope), { ...rule!, updatedAt: '2026-11-28T12:00:00.000Z' }];
    }
    if (method === 'DELETE') rules = rules.filter((r) => path !== sellingPlanPaths.rule(r.scope));
    return Response.json({ rules });
  });
  return sent;
}

const form = () => screen.getByRole('form', { name: ruleWords.title });
const type = (label: string, value: string) => fireEvent.change(within(form()).getByLabelText(label), { target: { value } });
const save = () => fireEvent.click(within(form()).getByRole('button', { name: ruleWords.save }));
const toasts = () => screen.getByTestId('toasts');

describe('PlanRuleForm', () => {
  it('offers a rule for the marketplaces the seller can list on from their country: none for Poshmark or Mercari in the UK', async () => {
    server([], 'GB');
    renderWithProviders(<PlanRuleForm />);
    const scope = within(form()).getByLabelText(ruleWords.scope);
    await waitFor(() => expect(within(scope).queryByRole('option', { name: 'Vinted' })).toBeTruthy());
    const names = within(scope)
      .getAllByRole('option')
      .map((option) => option.textContent);
    expect(names).toEqual(['Every listing', 'eBay', 'Etsy', 'Shopify', 'Depop', 'Vinted', 'Grailed']);
  });

  it('starts a seller with no rule on the suggested figures, and refuses a drop over 50% in a toast, sending nothing', async () => {
    const sent = server();
    renderWithProviders(<PlanRuleForm />);
    expect(await screen.findByTestId('plan-rule-unsaved')).toHaveProperty('textContent', ruleWords.noRuleYet);
    expect(within(form()).getByLabelText(ruleWords.percent)).toHaveProperty('value', '10');
    expect(within(form()).getByLabelText(ruleWords.first)).toHaveProperty('value', '14');
    // The rule for every listing is always its own: no "What happens" to choose.
    expect(within(form()).queryByLabelText(ruleWords.mode)).toBeNull();
    type(ruleWords.percent, '60');
    save();
    expect(await within(toasts()).findByText(draftInvalid)).toBeTruthy();
    fireEvent.click(within(toasts()).getByRole('button', { name: 'Dismiss' }));
    await waitFor(() => expect(within(toasts()).queryByText(draftInvalid)).toBeNull());
    // A relist needs a day at least (the contract's rule).
    type(ruleWords.percent, '10');
    type(ruleWords.relist, '0');
    save();
    expect(await within(toasts()).findByText(draftInvalid)).toBeTruthy();
    expect(sent).toEqual([]);
  });

  it('saves the rule for every listing as typed in a German browser: 12,5 % after 7 days, a relist, without asking', async () => {
    setMoneyLocale('de-DE');
    const sent = server();
    renderWithProviders(<PlanRuleForm />);
    await screen.findByTestId('plan-rule-unsaved');
    type(ruleWords.percent, '12,5');
    type(ruleWords.first, '7');
    type(ruleWords.second, '');
    type(ruleWords.relist, '30');
    fireEvent.click(within(form()).getByLabelText(ruleWords.automatic));
    save();
    expect(await within(toasts()).findByText(ruleWords.saved)).toBeTruthy();
    expect(sent).toEqual([
      {
        method: 'PUT',
        path: sellingPlanPaths.rules,
        body: {
          rules: [{ scope: 'all', enabled: true, dropSteps: [{ afterDays: 7, basisPoints: 1250 }], relistAfterDays: 30, automatic: true }],
        },
      },
    ]);
  });

  it('times the first drop to the predicted days to sale when the seller ticks it, and opens on it ticked (decision 152)', async () => {
    const sent = server();
    renderWithProviders(<PlanRuleForm />);
    await screen.findByTestId('plan-rule-unsaved');
    type(ruleWords.second, '');
    fireEvent.click(within(form()).getByLabelText(ruleWords.predicted));
    save();
    expect(await within(toasts()).findByText(ruleWords.saved)).toBeTruthy();
    expect(sent).toEqual([
      {
        method: 'PUT',
        path: sellingPlanPaths.rules,
        body: {
          rules: [
            {
              scope: 'all',
              enabled: true,
              dropSteps: [{ afterDays: 14, basisPoints: 1000 }],
              relistAfterDays: null,
              automatic: false,
              dropTiming: 'predicted',
            },
          ],
        },
      },
    ]);
    expect(await screen.findByText('10% off after 14 days, moved to its predicted days to sale')).toBeTruthy();
    expect(within(form()).getByLabelText(ruleWords.predicted)).toHaveProperty('checked', true);
  });

  it('opens on the rule saved last; a channel turned to "No drops or relists" saves a rule that is off, "Follow" removes it', async () => {
    const etsy: SellingPlanRule = {
      scope: 'etsy',
      enabled: true,
      dropSteps: [{ afterDays: 0, basisPoints: 2000 }],
      relistAfterDays: null,
      automatic: false,
      updatedAt: '2026-11-27T12:00:00.000Z',
    };
    const sent = server([etsy]);
    renderWithProviders(<PlanRuleForm />);
    await waitFor(() => expect(within(form()).getByLabelText(ruleWords.percent)).toHaveProperty('value', '20'));
    expect(within(form()).getByLabelText(ruleWords.scope)).toHaveProperty('value', 'etsy');
    expect(within(form()).getByLabelText(ruleWords.mode)).toHaveProperty('value', 'own');

    fireEvent.change(within(form()).getByLabelText(ruleWords.mode), { target: { value: 'none' } });
    expect(within(form()).queryByLabelText(ruleWords.percent)).toBeNull();
    save();
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toEqual({
      method: 'PUT',
      path: sellingPlanPaths.rules,
      body: { rules: [{ scope: 'etsy', enabled: false, dropSteps: [], relistAfterDays: null, automatic: false }] },
    });

    fireEvent.change(within(form()).getByLabelText(ruleWords.mode), { target: { value: 'follow' } });
    save();
    await waitFor(() => expect(sent).toHaveLength(2));
    expect(sent[1]).toEqual({ method: 'DELETE', path: sellingPlanPaths.rule('etsy'), body: undefined });
  });
});
