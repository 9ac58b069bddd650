import { money } from '@shared/domain/money';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { autopilotPaths } from '@shared/contracts/autopilot';
import { channelsPaths } from '@shared/contracts/channels';
import { profitFloorPaths } from '@shared/contracts/profit-floor';
import { publishPaths } from '@shared/contracts/publish';
import { renderWithProviders } from '@/test/render-with-providers';
import { autopilotKeys } from './api/autopilot-keys';
import { runPollInterval, RUN_POLL_MS } from './api/get-autopilot-run';
import { connectedClient, fakeServer, reviewItem, runAnswer } from './autopilot-test-fetch';
import { AutopilotPanel, movingText } from './autopilot-panel';

const noNotifications = { [`GET ${channelsPaths.notifications}`]: { browserNotifications: false } };

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('AutopilotPanel', () => {
  it('sums the run up in words, with its progress, and pauses it', async () => {
    const sent = fakeServer({ [`GET ${autopilotPaths.run}`]: runAnswer(), [`POST ${autopilotPaths.control}`]: null, ...noNotifications });
    renderWithProviders(<AutopilotPanel />, { route: {} });
    expect(await screen.findByText('38 live, 9 waiting for you, 3 failed')).toBeTruthy();
    expect(screen.getByTestId('autopilot-summary').getAttribute('aria-live')).toBe('polite');
    expect(screen.getByRole('progressbar', { name: 'Autopilot progress' }).getAttribute('aria-valuenow')).toBe('50');
    fireEvent.click(screen.getByRole('button', { name: 'Pause' }));
    await waitFor(() => expect(sent).toContainEqual({ method: 'POST', path: autopilotPaths.control, body: { action: 'pause' } }));
  });

  it('a paused run says so and offers Resume', async () => {
    const sent = fakeServer({
      [`GET ${autopilotPaths.run}`]: runAnswer({ counts: { total: 10, live: 4, waiting: 0, failed: 0, moving: 6 } }, 'paused'),
      [`POST ${autopilotPaths.control}`]: null,
      ...noNotifications,
    });
    renderWithProviders(<AutopilotPanel />, { route: {} });
    expect(await screen.findByText('Paused: 6 products on the way wait until you resume.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Resume' }));
    await waitFor(() => expect(sent).toContainEqual({ method: 'POST', path: autopilotPaths.control, body: { action: 'resume' } }));
  });

  it('asks before stopping, naming the products that stay drafts', async () => {
    const sent = fakeServer({ [`GET ${autopilotPaths.run}`]: runAnswer(), [`POST ${autopilotPaths.control}`]: null, ...noNotifications });
    renderWithProviders(<AutopilotPanel />, { route: {} });
    fireEvent.click(await screen.findByRole('button', { name: 'Stop' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog.textContent).toContain('Stop autopilot?12 products not yet published stay as drafts, and new products wait for you.');
    expect(sent.some((r) => r.path === autopilotPaths.control)).toBe(false);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Stop autopilot' }));
    await waitFor(() => expect(sent).toContainEqual({ method: 'POST', path: autopilotPaths.control, body: { action: 'stop' } }));
  });

  it('a finished run offers neither Pause nor Stop, but the way to the next run', async () => {
    const finished = runAnswer({ finished: true, counts: { total: 5, live: 5, waiting: 0, failed: 0, moving: 0 } });
    fakeServer({ [`GET ${autopilotPaths.run}`]: finished, ...noNotifications });
    renderWithProviders(<AutopilotPanel />, { route: {} });
    expect(await screen.findByText('Autopilot finished: 5 live')).toBeTruthy();
    expect(screen.getByTestId('autopilot-state').textContent).toBe('Finished');
    expect(screen.queryByRole('button', { name: 'Pause' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Stop' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Add products' }).getAttribute('href')).toBe('/capture');
    cleanup();

    // With some waiting for you (not yet published) still no Stop; with the default off, Start again opens it.
    fakeServer({
      [`GET ${autopilotPaths.run}`]: {
        ...runAnswer({ finished: true, counts: { total: 5, live: 3, waiting: 2, failed: 0, moving: 0 } }),
        settings: { ...finished.settings, enabled: false },
      },
      ...noNotifications,
    });
    renderWithProviders(<AutopilotPanel />, { route: {} });
    expect(await screen.findByText('Autopilot finished: 3 live, 2 waiting for you')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Stop' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Start again' }));
    expect(await screen.findByRole('dialog')).toBeTruthy();
  });

  it('a run whose every product was stopped shows as no run', async () => {
    fakeServer({
      [`GET ${autopilotPaths.run}`]: {
        ...runAnswer({ counts: { total: 0, live: 0, waiting: 0, failed: 0, moving: 0 } }),
        settings: { ...runAnswer().settings, enabled: false },
      },
      ...noNotifications,
    });
    renderWithProviders(<AutopilotPanel />, { route: {} });
    expect(await screen.findByText(/^Turn on "Publish when ready"/)).toBeTruthy();
    expect(screen.getByTestId('autopilot-state').textContent).toBe('Off');
    expect(screen.queryByRole('button', { name: 'Pause' })).toBeNull();
  });

  it('with no run, says whether new products go on autopilot', async () => {
    fakeServer({
      [`GET ${autopilotPaths.run}`]: { ...runAnswer(), run: null, settings: { ...runAnswer().settings, enabled: false } },
      ...noNotifications,
    });
    renderWithProviders(<AutopilotPanel />, { route: {} });
    expect(await screen.findByText(/^Turn on "Publish when ready"/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Pause' })).toBeNull();
  });

  it('fixes a size eBay does not take: the value picked is saved by Quick Fix, then the product goes on', async () => {
    const item = reviewItem({
      reasons: [
        {
          code: 'value',
          channel: 'ebay',
          message: `Size "Huge" is not one of eBay's values: XS, S, M`,
          aspect: { name: 'Size', allowedValues: ['XS', 'S', 'M'] },
        },
      ],
    });
    const sent = fakeServer({
      [`GET ${autopilotPaths.run}`]: runAnswer({ review: [item] }),
      [`PATCH ${publishPaths.quickFix(item.itemId)}`]: { itemId: item.itemId },
      [`POST ${autopilotPaths.continue(item.itemId)}`]: null,
      ...noNotifications,
    });
    renderWithProviders(<AutopilotPanel />, { route: {} });
    const row = await screen.findByTestId('autopilot-review-item');
    expect(within(row).getByText(`eBay: Size "Huge" is not one of eBay's values: XS, S, M`)).toBeTruthy();
    fireEvent.click(within(row).getByRole('button', { name: /^Save and go on/ }));
    expect(await within(row).findByRole('alert')).toHaveProperty('textContent', 'Choose a Size');
    fireEvent.change(within(row).getByLabelText('Size'), { target: { value: 'M' } });
    fireEvent.click(within(row).getByRole('button', { name: /^Save and go on/ }));
    await waitFor(() => expect(sent).toContainEqual({ method: 'POST', path: autopilotPaths.continue(item.itemId), body: {} }));
    const fix = sent.findIndex((r) => r.method === 'PATCH');
    expect(sent[fix]).toEqual({ method: 'PATCH', path: publishPaths.quickFix(item.itemId), body: { aspects: { Size: 'M' } } });
    expect(fix).toBeLessThan(sent.findIndex((r) => r.path === autopilotPaths.continue(item.itemId)));
  });

  it('a price under the floor is answered with the seller’s own price', async () => {
    const item = reviewItem({
      price: money(950),
      floor: money(2000),
      reasons: [{ code: 'under-floor', channel: null, message: 'The price $9.50 is under your floor of $20.00' }],
    });
    const sent = fakeServer({
      [`GET ${autopilotPaths.run}`]: runAnswer({ review: [item] }),
      [`POST ${autopilotPaths.continue(item.itemId)}`]: null,
      ...noNotifications,
    });
    renderWithProviders(<AutopilotPanel />, { route: {} });
    const row = await screen.findByTestId('autopilot-review-item');
    expect(within(row).getByText('The price rule gave $9.50; your floor is $20.00.')).toBeTruthy();
    fireEvent.change(within(row).getByLabelText('Publish at'), { target: { value: '24.5' } });
    fireEvent.click(within(row).getByRole('button', { name: /^Publish at \$24\.50/ }));
    await waitFor(() =>
      expect(sent).toContainEqual({ method: 'POST', path: autopilotPaths.continue(item.itemId), body: { price: money(2450) } }),
    );
    expect(sent.some((r) => r.method === 'PATCH')).toBe(false);
  });

  it("a UK seller's product with no price asks for one in pounds, and sends it in pounds", async () => {
    const item = reviewItem({
      currency: 'GBP',
      reasons: [{ code: 'no-price', channel: null, message: 'No price to go by.' }],
    });
    const sent = fakeServer({
      [`GET ${autopilotPaths.run}`]: runAnswer({ review: [item] }),
      [`POST ${autopilotPaths.continue(item.itemId)}`]: null,
      ...noNotifications,
    });
    renderWithProviders(<AutopilotPanel />, { route: {} });
    const row = await screen.findByTestId('autopilot-review-item');
    expect(row.textContent).not.toContain('$');
    fireEvent.change(within(row).getByLabelText('Publish at'), { target: { value: '22' } });
    fireEvent.click(within(row).getByRole('button', { name: /^Publish at £22\.00/ }));
    await waitFor(() =>
      expect(sent).toContainEqual({ method: 'POST', path: autopilotPaths.continue(item.itemId), body: { price: money(2200, 'GBP') } }),
    );
  });

  it("the rule's price, and the one typed, against the profit floor on the product's channel", async () => {
    const item = reviewItem({
      price: money(1200),
      reasons: [{ code: 'no-comparables', channel: null, message: 'No comparables found' }],
    });
    const usd = (amountMinor: number) => ({ amountMinor, currency: 'USD' });
    const ebayFees = {
      currency: 'USD',
      tiers: [
        { fromMinor: 0, ratePpm: 132_500, fixedMinor: 30 },
        { fromMinor: 1001, ratePpm: 132_500, fixedMinor: 40 },
      ],
    };
    fakeServer({
      [`GET ${autopilotPaths.run}`]: runAnswer({ review: [item] }),
      [`GET ${profitFloorPaths.item(item.itemId)}`]: {
        itemId: item.itemId,
        currency: 'USD',
        cost: usd(800),
        settings: { currency: 'USD', shippingCost: usd(400), minimumMargin: { kind: 'amount', amount: usd(200) } },
        feesRule: 'rule',
        channels: [
          {
            channel: 'ebay',
            label: 'eBay',
            fees: { basis: 'published', schedule: ebayFees, source: 'https://www.ebay.com/', checkedOn: '2026-11-26', note: '' },
            status: 'floor',
            floor: usd(1660),
            breakEven: usd(1429),
            price: null,
            profit: null,
            warning: null,
          },
        ],
      },
      ...noNotifications,
    });
    renderWithProviders(<AutopilotPanel />, { route: {} });
    const row = await screen.findByTestId('autopilot-review-item');
    expect((await within(row).findByTestId('floor-warning')).textContent).toBe(
      '$12.00 is under your floor of $16.60 on eBay: you would lose $1.99',
    );
    fireEvent.change(within(row).getByLabelText('Publish at'), { target: { value: '20' } });
    expect(within(row).getByTestId('floor-profit').textContent).toBe('$4.95');
    expect(within(row).queryByTestId('floor-warning')).toBeNull();
  });

  it('a refusal only the eBay screen fixes links there and checks again', async () => {
    const item = reviewItem({ reasons: [{ code: 'category', channel: 'ebay', message: 'Choose an eBay category' }] });
    const sent = fakeServer({
      [`GET ${autopilotPaths.run}`]: runAnswer({ review: [item] }),
      [`POST ${autopilotPaths.continue(item.itemId)}`]: null,
      ...noNotifications,
    });
    renderWithProviders(<AutopilotPanel />, { route: {} });
    const row = await screen.findByTestId('autopilot-review-item');
    expect(within(row).getByRole('link', { name: 'Fix on the eBay screen' }).getAttribute('href')).toBe('/ebay');
    fireEvent.click(within(row).getByRole('button', { name: /^Check again/ }));
    await waitFor(() => expect(sent).toContainEqual({ method: 'POST', path: autopilotPaths.continue(item.itemId), body: {} }));
  });

  it('lists the failed products with their error, each with its action: Check again', async () => {
    const failed = reviewItem({ status: 'failed', stage: 'publishing', error: 'eBay refused the photos: too small' });
    const sent = fakeServer({
      [`GET ${autopilotPaths.run}`]: runAnswer({ failed: [failed] }),
      [`POST ${autopilotPaths.continue(failed.itemId)}`]: null,
      ...noNotifications,
    });
    renderWithProviders(<AutopilotPanel />, { route: {} });
    const row = await screen.findByTestId('autopilot-failed-item');
    expect(within(row).getByText('eBay refused the photos: too small')).toBeTruthy();
    fireEvent.click(within(row).getByRole('button', { name: `Check again: ${failed.title}, ${failed.sku}` }));
    await waitFor(() => expect(sent).toContainEqual({ method: 'POST', path: autopilotPaths.continue(failed.itemId), body: {} }));
  });

  it('when the run it watched finishes: an in-app message without notifications', async () => {
    let answer = runAnswer({ counts: { total: 10, live: 7, waiting: 0, failed: 0, moving: 3 } });
    fakeServer({ [`GET ${autopilotPaths.run}`]: () => answer, ...noNotifications });
    const client = connectedClient();
    renderWithProviders(<AutopilotPanel />, { route: {}, client });
    expect(await screen.findByText('3 on the way')).toBeTruthy();
    answer = runAnswer({ finished: true, counts: { total: 10, live: 8, waiting: 2, failed: 0, moving: 0 } });
    await act(() => client.invalidateQueries({ queryKey: autopilotKeys.run() }));
    await waitFor(() => expect(screen.getByTestId('toasts').textContent).toContain('Autopilot finished: 8 live, 2 waiting for you'));
    expect(screen.getByTestId('autopilot-counts').textContent).toBe('Autopilot finished: 8 live, 2 waiting for you');
  });

  it('announces a run once, when this device has sent all its products, and again only if more joined it', async () => {
    const counts = (total: number, live: number, moving: number) => ({ total, live, waiting: 0, failed: 0, moving });
    let answer = runAnswer({ counts: counts(1, 0, 1) });
    fakeServer({ [`GET ${autopilotPaths.run}`]: () => answer, ...noNotifications });
    const client = connectedClient();
    // The upload queue of the app, in short: sending until the test says the last product went out.
    function WithUploads() {
      const [uploading, setUploading] = useState(true);
      return (
        <>
          <button type="button" onClick={() => setUploading(false)}>
            last product sent
          </button>
          <AutopilotPanel uploading={uploading} />
        </>
      );
    }
    renderWithProviders(<WithUploads />, { route: {}, client });
    expect(await screen.findByText('1 on the way')).toBeTruthy();
    const refresh = () => act(() => client.invalidateQueries({ queryKey: autopilotKeys.run() }));
    const toasts = () => screen.queryByTestId('toasts')?.textContent ?? '';

    // The first product is live before the phone has sent the second: no announcement yet.
    answer = runAnswer({ finished: true, counts: counts(1, 1, 0) });
    await refresh();
    await waitFor(() => expect(screen.getByTestId('autopilot-counts').textContent).toBe('Autopilot finished: 1 live'));
    expect(toasts()).not.toContain('Autopilot finished');

    answer = runAnswer({ finished: true, counts: counts(2, 2, 0) });
    // Sent: the answer in hand is from before the last product, so it waits for the next one.
    fireEvent.click(screen.getByRole('button', { name: 'last product sent' }));
    expect(toasts()).not.toContain('Autopilot finished');
    await refresh();
    await waitFor(() => expect(toasts()).toContain('Autopilot finished: 2 live'));
    await refresh();
    expect(toasts().match(/Autopilot finished/g)).toHaveLength(1);
  });

  it('when the run it watched finishes: a browser notification where the seller allowed them', async () => {
    const shown: { title: string; body?: string }[] = [];
    class FakeNotification {
      static permission = 'granted';
      onclick: (() => void) | null = null;
      constructor(title: string, options: { body?: string }) {
        shown.push({ title, body: options.body });
      }
    }
    vi.stubGlobal('Notification', FakeNotification);
    let answer = runAnswer({ counts: { total: 10, live: 7, waiting: 0, failed: 0, moving: 3 } });
    fakeServer({ [`GET ${autopilotPaths.run}`]: () => answer, [`GET ${channelsPaths.notifications}`]: { browserNotifications: true } });
    const client = connectedClient();
    renderWithProviders(<AutopilotPanel />, { route: {}, client });
    expect(await screen.findByText('3 on the way')).toBeTruthy();
    answer = runAnswer({ finished: true, counts: { total: 10, live: 9, waiting: 0, failed: 1, moving: 0 } });
    await act(() => client.invalidateQueries({ queryKey: autopilotKeys.run() }));
    await waitFor(() => expect(shown).toEqual([{ title: 'Autopilot finished', body: '9 live, 1 failed' }]));
    // The panel still says it; no toast repeats it.
    expect(screen.getByTestId('autopilot-counts').textContent).toBe('Autopilot finished: 9 live, 1 failed');
    expect(screen.getByTestId('toasts').textContent).toBe('');
  });

  it('a run already finished when the screen opened is not announced again', async () => {
    fakeServer({ [`GET ${autopilotPaths.run}`]: runAnswer({ finished: true }), ...noNotifications });
    renderWithProviders(<AutopilotPanel />, { route: {} });
    expect(await screen.findByText('Autopilot finished: 38 live, 9 waiting for you, 3 failed')).toBeTruthy();
    expect(screen.getByTestId('toasts').textContent).toBe('');
  });
});

describe('runPollInterval', () => {
  it('follows a moving run closely, new uploads soon with the default on, and looks now and then otherwise', () => {
    expect(runPollInterval(runAnswer({ counts: { total: 10, live: 2, waiting: 0, failed: 0, moving: 8 } }))).toBe(RUN_POLL_MS.moving);
    expect(runPollInterval(runAnswer({ counts: { total: 3, live: 0, waiting: 0, failed: 0, moving: 0 } }))).toBe(
      RUN_POLL_MS.waitingForUploads,
    );
    expect(runPollInterval(runAnswer({}, 'paused'))).toBe(RUN_POLL_MS.waitingForUploads);
    expect(runPollInterval(runAnswer({ finished: true }))).toBe(RUN_POLL_MS.waitingForUploads);
    const off = { ...runAnswer().settings, enabled: false };
    expect(runPollInterval({ ...runAnswer({ finished: true }), settings: off })).toBe(RUN_POLL_MS.idle);
    expect(runPollInterval({ ...runAnswer(), run: null, settings: off })).toBe(RUN_POLL_MS.idle);
    expect(runPollInterval(undefined)).toBe(RUN_POLL_MS.idle);
  });
});

describe('movingText', () => {
  it('says what the products on the way wait for, not only how many', () => {
    const on = (stage: 'uploading' | 'publishing') => reviewItem({ status: 'moving', stage });
    expect(movingText(2, [on('uploading'), on('publishing')])).toBe(
      '2 on the way: 1 waiting for its photos to finish uploading, 1 waiting for the marketplace to publish it',
    );
    expect(movingText(2, [on('uploading'), on('uploading')])).toBe('2 on the way: 2 waiting for their photos to finish uploading');
    expect(movingText(3, [])).toBe('3 on the way');
  });
});
