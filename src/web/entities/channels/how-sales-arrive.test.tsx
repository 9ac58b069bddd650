import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { ChannelConnectionStatus } from '@shared/contracts/channels';
import { HowSalesArriveList } from './how-sales-arrive';

afterEach(cleanup);

const connection = (overrides: Partial<ChannelConnectionStatus>): ChannelConnectionStatus => ({
  channel: 'ebay',
  label: 'eBay',
  configured: true,
  simulated: false,
  status: 'connected',
  accountLabel: 'seller',
  salesReadable: true,
  ...overrides,
});

describe('HowSalesArriveList', () => {
  it('says “by push, within seconds” where pushed, and “checked every N s” with the reason push is off elsewhere', () => {
    render(
      <HowSalesArriveList
        channels={[
          connection({ channel: 'ebay', label: 'eBay', salesArrive: { by: 'push' } }),
          connection({
            channel: 'etsy',
            label: 'Etsy',
            salesArrive: { by: 'pull', everySeconds: 15, pushOff: 'Etsy does not push sales.' },
          }),
          connection({ channel: 'shopify', label: 'Shopify', status: 'not-connected' }),
        ]}
      />,
    );
    expect(screen.getByTestId('sales-arrive-ebay').textContent).toBe('eBay: by push, within seconds');
    const etsy = screen.getByTestId('sales-arrive-etsy');
    expect(within(etsy).getByText('Etsy:')).toBeTruthy();
    expect(etsy.textContent).toBe('Etsy: checked every 15 s Etsy does not push sales.');
    expect(screen.queryByTestId('sales-arrive-shopify')).toBeNull();
  });

  it('shows eBay’s refusal in words', () => {
    render(
      <HowSalesArriveList
        channels={[
          connection({
            salesArrive: {
              by: 'pull',
              everySeconds: 300,
              pushOff: 'eBay refused push (error 195003): the app’s notification settings were missing.',
            },
          }),
        ]}
      />,
    );
    expect(screen.getByText('checked every 300 s', { exact: false })).toBeTruthy();
    expect(
      screen.getByText('eBay refused push (error 195003): the app’s notification settings were missing.', { exact: false }),
    ).toBeTruthy();
  });

  it('shows nothing when no marketplace is connected', () => {
    const { container } = render(<HowSalesArriveList channels={[connection({ status: 'not-connected' })]} />);
    expect(container.textContent).toBe('');
  });
});
