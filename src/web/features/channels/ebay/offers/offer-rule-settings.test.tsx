import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { OfferRuleWire } from '@shared/contracts/ebay-offers';
import type { ProfitFloorSettings } from '@shared/contracts/profit-floor';
import { setMoneyLocale } from '@shared/domain/money';
import { renderWithProviders } from '@/test/render-with-providers';
import { OfferRuleSettings } from './offer-rule-settings';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  setMoneyLocale('en-US');
});

const usd = (amountMinor: number) => ({ amountMinor, currency: 'USD' });
const settings: ProfitFloorSettings = { currency: 'USD', shippingCost: usd(300), minimumMargin: { kind: 'amount', amount: usd(200) } };
const onDemand: OfferRuleWire = { enabled: false, percentOff: 10, afterDays: 14, askFirst: false };

/** The seller's rule and floor settings; every PUT of the rule recorded and answered as saved (or refused). */
function server(rule: OfferRuleWire = onDemand, refusal?: string) {
  const puts: unknown[] = [];
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    if (init?.method === 'PUT') {
      puts.push(JSON.parse(init.body as string));
      if (refusal) return Response.json({ error: { code: 'VALIDATION_FAILED', message: refusal } }, { status: 400 });
      return Response.json(JSON.parse(init.body as string));
    }
    if (String(input) === '/api/ebay/offer-rule') return Response.json(rule);
    if (String(input) === '/api/profit-floor/settings') return Response.json(settings);
    return Response.json({});
  });
  return puts;
}

const section = () => screen.getByTestId('offer-rule-settings');
const mode = () => within(section()).getByRole('combobox', { name: 'Send offers' }) as HTMLSelectElement;
const percent = () => within(section()).getByRole('textbox', { name: 'Percent off' }) as HTMLInputElement;
const days = () => within(section()).getByRole('textbox', { name: 'After days listed' }) as HTMLInputElement;
const saveButton = () => within(section()).getByRole('button', { name: 'Save' });
const percentError = 'A whole percent from 5 (the least eBay takes) to 90';
const daysError = 'A whole number of days from 0 to 365';

describe('OfferRuleSettings', () => {
  it('shows the saved rule once it is read, with the floor that bounds it', async () => {
    server();
    renderWithProviders(<OfferRuleSettings />);
    await screen.findByTestId('offer-rule-settings');
    expect(mode().value).toBe('on-demand');
    expect(percent().value).toBe('10');
    expect(days().value).toBe('14');
    expect(screen.queryByLabelText(/Ask me first/)).toBeNull();
    expect(screen.getByTestId('offer-rule-summary').textContent).toContain(
      'No offer goes out by itself: send each from the listing on the eBay screen.',
    );
    await waitFor(() =>
      expect(screen.getByTestId('offer-rule-floor').textContent).toContain(
        "eBay's fees, your usual shipping of $3.00 and your minimum margin of $2.00",
      ),
    );
  });

  it('refuses a percent eBay does not take on Save, keeps saying it until the next Save, then saves the rule', async () => {
    const puts = server();
    renderWithProviders(<OfferRuleSettings />);
    await screen.findByTestId('offer-rule-settings');
    fireEvent.change(mode(), { target: { value: 'daily' } });
    fireEvent.change(percent(), { target: { value: '3' } });
    fireEvent.change(days(), { target: { value: '0' } });
    expect(screen.queryByText(percentError)).toBeNull();
    fireEvent.click(saveButton());
    expect(await screen.findByText(percentError)).toBeTruthy();
    expect(percent().getAttribute('aria-invalid')).toBe('true');
    expect(puts).toEqual([]);

    fireEvent.change(percent(), { target: { value: '10' } });
    expect(screen.getByText(percentError)).toBeTruthy();
    fireEvent.click(saveButton());
    await waitFor(() => expect(puts).toEqual([{ enabled: true, percentOff: 10, afterDays: 0, askFirst: false }]));
    expect((await within(section()).findByRole('status')).textContent).toBe('Saved');
    expect(screen.queryByText(percentError)).toBeNull();
    expect(screen.getByTestId('offer-rule-summary').textContent).toContain(
      'Once a day, every listing live for 0 days or more with interested buyers gets an offer at 10% off.',
    );

    fireEvent.change(days(), { target: { value: '7' } });
    expect(within(section()).queryByRole('status')).toBeNull();
  });

  it('says the percent first when both are wrong, then the days; digits only', async () => {
    const puts = server();
    renderWithProviders(<OfferRuleSettings />);
    await screen.findByTestId('offer-rule-settings');
    fireEvent.change(percent(), { target: { value: '95' } });
    fireEvent.change(days(), { target: { value: '400' } });
    fireEvent.click(saveButton());
    expect(await screen.findByText(percentError)).toBeTruthy();
    expect(screen.queryByText(daysError)).toBeNull();

    fireEvent.change(percent(), { target: { value: '1e1' } });
    fireEvent.click(saveButton());
    await waitFor(() => expect(percent().getAttribute('aria-invalid')).toBe('true'));
    expect(screen.queryByText(daysError)).toBeNull();

    fireEvent.change(percent(), { target: { value: ' 15 ' } });
    fireEvent.click(saveButton());
    expect(await screen.findByText(daysError)).toBeTruthy();
    expect(screen.queryByText(percentError)).toBeNull();
    expect(days().getAttribute('aria-invalid')).toBe('true');
    expect(puts).toEqual([]);
  });

  it('reads the percent in the seller’s locale: "12,5" is refused, and the sentence under it never repeats it', async () => {
    setMoneyLocale('de-DE');
    const puts = server({ enabled: true, percentOff: 10, afterDays: 14, askFirst: false });
    renderWithProviders(<OfferRuleSettings />);
    await screen.findByTestId('offer-rule-settings');
    fireEvent.change(percent(), { target: { value: '12,5' } });
    expect(screen.getByTestId('offer-rule-summary').textContent).not.toContain('12,5');
    expect(screen.getByTestId('offer-rule-summary').textContent).toContain('gets an offer at X% off.');
    fireEvent.click(saveButton());
    expect(await screen.findByText(percentError)).toBeTruthy();
    expect(puts).toEqual([]);
    fireEvent.change(percent(), { target: { value: '15 %' } });
    expect(screen.getByTestId('offer-rule-summary').textContent).toContain('gets an offer at 15% off.');
    fireEvent.click(saveButton());
    await waitFor(() => expect(puts).toEqual([{ enabled: true, percentOff: 15, afterDays: 14, askFirst: false }]));
  });

  it('asks first when the seller says so, the box kept while the rule is on demand', async () => {
    const puts = server({ enabled: true, percentOff: 12, afterDays: 30, askFirst: false });
    renderWithProviders(<OfferRuleSettings />);
    await screen.findByTestId('offer-rule-settings');
    const askFirst = () => screen.getByLabelText(/Ask me first/) as HTMLInputElement;
    expect(askFirst().checked).toBe(false);
    fireEvent.click(askFirst());
    expect(screen.getByTestId('offer-rule-summary').textContent).toContain(
      "Once a day, every listing live for 30 days or more with interested buyers gets an offer at 12% off in this week's plan; only the ones you approve are sent.",
    );
    fireEvent.change(mode(), { target: { value: 'on-demand' } });
    expect(screen.queryByLabelText(/Ask me first/)).toBeNull();
    fireEvent.change(mode(), { target: { value: 'daily' } });
    expect(askFirst().checked).toBe(true);
    fireEvent.click(saveButton());
    await waitFor(() => expect(puts).toEqual([{ enabled: true, percentOff: 12, afterDays: 30, askFirst: true }]));
    expect((await within(section()).findByRole('status')).textContent).toBe('Saved');
    expect(askFirst().checked).toBe(true);
  });

  it('says why a save failed', async () => {
    server(onDemand, 'The days listed must be a whole number from 0 to 365');
    renderWithProviders(<OfferRuleSettings />);
    await screen.findByTestId('offer-rule-settings');
    fireEvent.click(saveButton());
    expect((await within(section()).findByRole('alert')).textContent).toBe('The days listed must be a whole number from 0 to 365');
    expect(within(section()).queryByRole('status')).toBeNull();
  });
});
