import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setMoneyLocale } from '@shared/domain/money';
import { renderWithProviders } from '@/test/render-with-providers';
import { RecordSaleDialog, recordSaleWords } from './record-sale-dialog';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  setMoneyLocale('en-US');
});

const item = { id: '9b1f6a52-3f53-4f7e-9d55-1c2f3a4b5c6d', sku: 'RS-007', currency: 'GBP' };

function open() {
  const posts: unknown[] = [];
  vi.stubGlobal('fetch', async (_input: RequestInfo | URL, init?: RequestInit) => {
    posts.push(JSON.parse(init?.body as string));
    return Response.json({ saleId: '2c1f6a52-3f53-4f7e-9d55-1c2f3a4b5c6d', delistTasks: 1, endedElsewhere: 0 });
  });
  const onOpenChange = vi.fn();
  renderWithProviders(<RecordSaleDialog item={item} channel="depop" open onOpenChange={onOpenChange} />);
  const dialog = screen.getByRole('dialog', { name: recordSaleWords.title });
  const type = (label: string, value: string) => fireEvent.change(within(dialog).getByLabelText(label), { target: { value } });
  const submit = () => fireEvent.click(within(dialog).getByRole('button', { name: 'Record sale on Depop' }));
  return { dialog, type, submit, posts, onOpenChange };
}

describe('RecordSaleDialog (a UK seller’s item, in pounds)', () => {
  it('asks for the fees, never assumes them, and sends nothing until they are typed', async () => {
    const { dialog, type, submit, posts } = open();
    type(recordSaleWords.price, '38.5');
    submit();
    expect(await within(dialog).findByRole('alert')).toHaveProperty('textContent', recordSaleWords.badPrice);
    expect(within(dialog).getByLabelText(recordSaleWords.fees).getAttribute('aria-invalid')).toBe('true');
    expect(within(dialog).getByLabelText(recordSaleWords.price).getAttribute('aria-invalid')).toBeNull();
    expect(posts).toEqual([]);
  });

  it('says a fraction of a penny as it is', async () => {
    const { dialog, type, submit, posts } = open();
    type(recordSaleWords.price, '38.555');
    type(recordSaleWords.fees, '3');
    submit();
    expect(await within(dialog).findByRole('alert')).toHaveProperty('textContent', 'An amount can have at most 2 decimals');
    expect(posts).toEqual([]);
  });

  it('records the sale in the item’s currency, with no shipping as none, read in a German browser', async () => {
    setMoneyLocale('de-DE');
    const { type, submit, posts, onOpenChange } = open();
    type(recordSaleWords.price, '38,50');
    type(recordSaleWords.fees, '3,85');
    submit();
    await waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
    expect(posts).toEqual([
      {
        price: { amountMinor: 3850, currency: 'GBP' },
        shipping: { amountMinor: 0, currency: 'GBP' },
        fees: { amountMinor: 385, currency: 'GBP' },
        soldAt: new Date().toLocaleDateString('en-CA'),
      },
    ]);
  });
});
