import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ChannelConnectionStatus } from '@shared/contracts/channels';
import { DisconnectDialog, endingProgress } from './disconnect-dialog';

afterEach(cleanup);

const etsy = (up: number, changing = 0): ChannelConnectionStatus => ({
  channel: 'etsy',
  label: 'Etsy',
  configured: true,
  simulated: true,
  status: 'connected',
  accountLabel: 'shop',
  salesReadable: true,
  listings: { up, changing },
});

const dialog = (status: ChannelConnectionStatus) =>
  render(
    <DisconnectDialog open onOpenChange={() => {}} status={status} title="Disconnect Etsy?" message="Etsy's words." onConfirm={vi.fn()} />,
  );

describe('DisconnectDialog', () => {
  it('with nothing up there: the channel’s words and Disconnect', () => {
    dialog(etsy(0));
    expect(screen.getByRole('alertdialog').textContent).toContain("Etsy's words.");
    expect(screen.queryByText(/still up on/)).toBeNull();
    expect(screen.getByRole('button', { name: 'Disconnect' })).toBeTruthy();
  });

  it('with listings up: why they are ended first, and a button that says it ends them', () => {
    dialog(etsy(3));
    expect(screen.getByText(/3 listings are still up on Etsy\. Once Etsy is disconnected/).textContent).toContain(
      'so an item could sell twice: end them first.',
    );
    expect(screen.getByRole('button', { name: 'End 3 listings and disconnect' })).toBeTruthy();
  });

  it('counts one listing in the singular, and the progress says what is left', () => {
    dialog(etsy(1));
    expect(screen.getByRole('button', { name: 'End 1 listing and disconnect' })).toBeTruthy();
    expect(endingProgress(etsy(1, 1))).toBe('Ending 1 listing on Etsy, then disconnecting…');
    expect(endingProgress(etsy(0))).toBeNull();
  });
});
