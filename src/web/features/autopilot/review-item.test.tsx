import { money } from '@shared/domain/money';
import { moneyInputMessages } from '@shared/domain/money-input';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { autopilotApi, autopilotPaths, type AutopilotItem } from '@shared/contracts/autopilot';
import { publishPaths } from '@shared/contracts/publish';
import { routeUrl } from '@/lib/route-client';
import { renderWithProviders } from '@/test/render-with-providers';
import { fakeServer, reviewItem, type SentRequest } from './autopilot-test-fetch';
import { ReviewAnswersContext, type ReviewAnswer } from './review-answers';
import { ReviewItem } from './review-item';

/** The review's Quick Fix of one product, as the seller sees it: what stops Save, in one message, and what it sends. */
function show(item: AutopilotItem, answers: readonly ReviewAnswer[] = []) {
  // The marketplaces' own questions, as the dashboard hands them in from the channels' registry.
  renderWithProviders(
    <ReviewAnswersContext.Provider value={answers}>
      <ul>
        <ReviewItem item={item} />
      </ul>
    </ReviewAnswersContext.Provider>,
    { route: {} },
  );
  return screen.getByRole('form', { name: `Quick Fix for ${item.sku}` });
}

const posted = (sent: SentRequest[], path: string) => sent.filter((request) => request.method !== 'GET' && request.path === path);

describe('ReviewItem', () => {
  it('offers to leave out a marketplace that refuses the product, so it goes on to the others; never the only one', async () => {
    // As Etsy's pre-flight says it: a problem of its fields the form has no value for.
    const notVintage = { code: 'aspect', channel: 'etsy', message: 'Etsy takes second-hand items only when they are vintage.' } as const;
    const item = reviewItem({ channels: ['ebay', 'etsy', 'depop'], reasons: [notVintage] });
    const sent = fakeServer({ [`POST ${autopilotPaths.continue(item.itemId)}`]: null });
    const form = show(item);
    fireEvent.click(within(form).getByRole('button', { name: `Leave out Etsy: ${item.title}, ${item.sku}` }));
    await waitFor(() =>
      expect(posted(sent, autopilotPaths.continue(item.itemId))).toEqual([
        expect.objectContaining({ body: { withoutChannels: ['etsy'] } }),
      ]),
    );
    expect(within(form).queryByRole('button', { name: /^Leave out eBay/ })).toBeNull();
  });

  it('does not offer to leave out the product’s only marketplace', () => {
    const only = reviewItem({ channels: ['etsy'], reasons: [{ code: 'refused', channel: 'etsy', message: 'Etsy is not connected.' }] });
    fakeServer({});
    const form = show(only);
    expect(within(form).queryByRole('button', { name: /^Leave out/ })).toBeNull();
  });

  it('asks what it is, then its condition, one message at a time, and sends both with the kind’s department', async () => {
    const item = reviewItem({
      category: null,
      condition: null,
      reasons: [{ code: 'category', channel: 'ebay', message: 'Choose an eBay category' }],
    });
    const sent = fakeServer({
      [`GET ${routeUrl(autopilotApi.asks, { id: item.itemId }, { category: 'Mens Jeans', department: 'Men' })}`]: { reasons: [] },
      [`PATCH ${publishPaths.quickFix(item.itemId)}`]: { itemId: item.itemId },
      [`POST ${autopilotPaths.continue(item.itemId)}`]: null,
    });
    const form = show(item);
    const save = within(form).getByRole('button', { name: `Save and go on: ${item.title}, ${item.sku}` });
    fireEvent.click(save);
    expect((await within(form).findByRole('alert')).textContent).toBe('Choose what it is');

    fireEvent.change(within(form).getByLabelText('What it is'), { target: { value: 'Mens Jeans|Men' } });
    // Typing or picking does not take the message back: it says what stopped the last Save.
    expect(within(form).getByRole('alert').textContent).toBe('Choose what it is');
    // The kind's asks come back: what it is settles eBay's category, which is then not said any more.
    await waitFor(() => expect(form.closest('li')!.textContent).not.toContain('Choose an eBay category'));
    await waitFor(() => expect(save).toHaveProperty('disabled', false));
    fireEvent.click(save);
    await waitFor(() => expect(within(form).getByRole('alert').textContent).toBe('Choose its condition'));

    fireEvent.change(within(form).getByLabelText('Condition'), { target: { value: 'good' } });
    fireEvent.click(save);
    await waitFor(() => expect(posted(sent, autopilotPaths.continue(item.itemId))).toEqual([expect.objectContaining({ body: {} })]));
    expect(posted(sent, publishPaths.quickFix(item.itemId))).toEqual([
      expect.objectContaining({ body: { category: 'Mens Jeans', department: 'Men', condition: 'good' } }),
    ]);
    expect(within(form).queryByRole('alert')).toBeNull();
  });

  it('once what it is is picked, no longer says the category of a marketplace it settles, while another still asks its own', async () => {
    const item = reviewItem({
      channels: ['ebay', 'etsy'],
      category: null,
      reasons: [
        { code: 'category', channel: 'ebay', message: 'Choose an eBay category' },
        { code: 'category', channel: 'etsy', message: 'Choose a category Etsy has (its clothing categories).' },
      ],
    });
    fakeServer({
      [`GET ${routeUrl(autopilotApi.asks, { id: item.itemId }, { category: 'Mens Tops', department: 'Men' })}`]: {
        reasons: [{ code: 'category', channel: 'etsy', message: 'Choose a category Etsy has (its clothing categories).' }],
      },
    });
    const form = show(item);
    fireEvent.change(within(form).getByLabelText('What it is'), { target: { value: 'Mens Tops|Men' } });
    const card = form.closest('li')!;
    await waitFor(() => expect(card.textContent).not.toContain('Choose an eBay category'));
    expect(card.textContent).toContain('Choose a category Etsy has');
  });

  it('sends a typed value trimmed, and refuses one longer than the Quick Fix takes before sending anything', async () => {
    const item = reviewItem({
      reasons: [{ code: 'aspect', channel: 'ebay', message: 'eBay needs a Brand', aspect: { name: 'Brand', allowedValues: [] } }],
    });
    const sent = fakeServer({
      [`PATCH ${publishPaths.quickFix(item.itemId)}`]: { itemId: item.itemId },
      [`POST ${autopilotPaths.continue(item.itemId)}`]: null,
    });
    const form = show(item);
    const save = within(form).getByRole('button', { name: /^Save and go on/ });
    fireEvent.click(save);
    expect((await within(form).findByRole('alert')).textContent).toBe('Type a Brand');

    fireEvent.change(within(form).getByLabelText('Brand'), { target: { value: 'L'.repeat(51) } });
    fireEvent.click(save);
    await waitFor(() => expect(within(form).getByRole('alert').textContent).toBe('An aspect value is at most 50 characters'));
    expect(sent.filter((request) => request.method !== 'GET')).toEqual([]);

    fireEvent.change(within(form).getByLabelText('Brand'), { target: { value: "  Levi's " } });
    fireEvent.click(save);
    await waitFor(() => expect(posted(sent, autopilotPaths.continue(item.itemId))).toHaveLength(1));
    expect(posted(sent, publishPaths.quickFix(item.itemId))).toEqual([expect.objectContaining({ body: { aspects: { Brand: "Levi's" } } })]);
  });

  it('sends a marketplace’s own question (Depop’s size where its chart has no EU size) to that marketplace, not as an item specific', async () => {
    const item = reviewItem({
      category: 'Shoes',
      channels: ['etsy', 'depop'],
      reasons: [
        {
          code: 'value',
          channel: 'depop',
          message: 'Choose the item’s Depop size: Depop sizes shoes by its own size chart, which has no "EU 43".',
          aspect: { name: 'Size on Depop', allowedValues: ['UK 8.5', 'UK 9', 'UK 9.5'] },
        },
      ],
    });
    const sent = fakeServer({ [`POST ${autopilotPaths.continue(item.itemId)}`]: null });
    const saved: [string, string][] = [];
    const form = show(item, [{ question: 'Size on Depop', save: async (itemId, answer) => void saved.push([itemId, answer]) }]);
    expect(form.closest('li')!.textContent).toContain('which has no "EU 43"');
    fireEvent.change(within(form).getByLabelText('Size on Depop'), { target: { value: 'UK 9' } });
    fireEvent.click(within(form).getByRole('button', { name: /^Save and go on/ }));
    await waitFor(() => expect(posted(sent, autopilotPaths.continue(item.itemId))).toHaveLength(1));
    expect(saved).toEqual([[item.itemId, 'UK 9']]);
    expect(posted(sent, publishPaths.quickFix(item.itemId))).toEqual([]);
  });

  it('asks for a price above 0 in its own words, says what the money field cannot read, and sends the one typed', async () => {
    const item = reviewItem({ reasons: [{ code: 'no-price', channel: null, message: 'No price to go by.' }] });
    const sent = fakeServer({ [`POST ${autopilotPaths.continue(item.itemId)}`]: null });
    const form = show(item);
    const price = within(form).getByLabelText('Publish at');
    const alert = () => within(form).queryByRole('alert')?.textContent;

    fireEvent.click(within(form).getByRole('button', { name: /^Save and go on/ }));
    await waitFor(() => expect(alert()).toBe('Type a price above 0'));
    for (const [typed, said] of [
      ['abc', 'Type a price above 0'],
      ['0', 'Type a price above 0'],
      ['4.505', moneyInputMessages.tooPrecise('USD')],
      ['€4', moneyInputMessages.otherCurrency('USD')],
      ['2000000', 'An amount is at most 1,000,000'],
    ]) {
      fireEvent.change(price, { target: { value: typed } });
      fireEvent.submit(form);
      await waitFor(() => expect(alert()).toBe(said));
    }
    // Said once, for the form: the field itself is not marked.
    expect(price.getAttribute('aria-invalid')).toBeNull();
    expect(posted(sent, autopilotPaths.continue(item.itemId))).toEqual([]);

    fireEvent.change(price, { target: { value: '24.5' } });
    fireEvent.click(within(form).getByRole('button', { name: `Publish at $24.50: ${item.title}, ${item.sku}` }));
    await waitFor(() =>
      expect(posted(sent, autopilotPaths.continue(item.itemId))).toEqual([expect.objectContaining({ body: { price: money(2450) } })]),
    );
    await waitFor(() => expect(alert()).toBeUndefined());
  });

  it('keeps the seller’s own price under the floor with one tap, and says a refusal in the server’s words', async () => {
    const item = reviewItem({
      price: money(950),
      floor: money(2000),
      reasons: [{ code: 'confirm-price', channel: null, message: 'Your price $9.50 is under your floor of $20.00' }],
    });
    // No answer for the continue: the server's 404 "Not found" is what the seller reads.
    const sent = fakeServer({});
    const form = show(item);
    fireEvent.click(within(form).getByRole('button', { name: /^Save and go on/ }));
    expect((await within(form).findByRole('alert')).textContent).toBe('Type a price above 0');

    fireEvent.click(within(form).getByRole('button', { name: `Keep $9.50: ${item.title}, ${item.sku}` }));
    await waitFor(() => expect(within(form).getByRole('alert').textContent).toBe('Not found'));
    expect(posted(sent, autopilotPaths.continue(item.itemId))).toEqual([expect.objectContaining({ body: { confirmUnderFloor: true } })]);
  });
});

describe('ReviewItem: what the photos said', () => {
  it('shows each fact read from the photos with the photo and the text read there, and asks none of them', () => {
    const item = reviewItem({
      read: [
        { attribute: 'brand', value: "Levi's", photo: 1, note: 'Read on the label: "LEVI\'S"' },
        { attribute: 'size', value: 'W32 L32', photo: 2, note: 'Read on the label: "W32 L32"' },
      ],
      reasons: [{ code: 'aspect', channel: 'ebay', message: 'eBay needs Color', aspect: { name: 'Color', allowedValues: [] } }],
    });
    fakeServer({});
    const form = show(item);
    const read = screen.getByTestId('autopilot-read-facts');
    expect(within(read).getByText('Read from the photos')).toBeTruthy();
    expect(read.querySelector('[data-fact="brand"]')?.textContent).toBe('Brand' + 'Levi\'s · Photo 2 · Read on the label: "LEVI\'S"');
    expect(read.querySelector('[data-fact="size"]')?.textContent).toContain('W32 L32 · Photo 3');
    expect(within(form).queryByLabelText('Brand')).toBeNull();
    expect(within(form).getByLabelText('Color')).toBeTruthy();
  });

  it("shows each fact's crop, and a colour's swatch beside its photo", () => {
    const item = reviewItem({
      read: [
        { attribute: 'brand', value: "Levi's", photo: 1, note: 'Read on the label: "LEVI\'S"', cropUrl: '/api/files/brand-crop' },
        { attribute: 'color', value: 'Blue', photo: 0, note: 'Denim, 95% of the garment', cropUrl: '/api/files/photo', swatch: '#4a6a94' },
      ],
      reasons: [],
    });
    fakeServer({});
    show(item);
    const read = screen.getByTestId('autopilot-read-facts');
    const brand = read.querySelector('[data-fact="brand"]')!;
    expect(
      within(brand as HTMLElement)
        .getByRole('img', { name: "Brand Levi's, as read on photo 2" })
        .getAttribute('src'),
    ).toBe('/api/files/brand-crop');
    const colour = read.querySelector('[data-fact="color"]') as HTMLElement;
    expect(colour.textContent).toContain('Blue · Photo 1 · Denim, 95% of the garment');
    expect((within(colour).getByTestId('evidence-swatch') as HTMLElement).style.backgroundColor).toBe('rgb(74, 106, 148)');
  });

  it('shows what the label and the AI said differently, asks it, and puts the one the seller taps in the field', () => {
    const item = reviewItem({
      disputed: [{ attribute: 'brand', label: "Levi's", ai: 'Lee', photo: 1, cropUrl: '/api/files/brand-crop' }],
      reasons: [{ code: 'aspect', channel: 'ebay', message: 'eBay needs Brand', aspect: { name: 'Brand', allowedValues: [] } }],
    });
    fakeServer({});
    const form = show(item);
    const disputed = screen.getByTestId('autopilot-disputed');
    expect(disputed.textContent).toContain("Label says Levi's; the AI says Lee · Photo 2");
    const field = within(form).getByLabelText('Brand') as HTMLInputElement;
    expect(field.value).toBe('');
    fireEvent.click(within(disputed).getByRole('button', { name: "Use Levi's" }));
    expect(field.value).toBe("Levi's");
    fireEvent.click(within(disputed).getByRole('button', { name: 'Use Lee' }));
    expect(field.value).toBe('Lee');
  });

  it('says a Brand typed as a slip of the label’s under the field, with a tap that puts the label’s in; Save is not stopped', async () => {
    const item = reviewItem({
      disputed: [{ attribute: 'brand', label: 'Barbour', ai: 'Belstaff', photo: 1 }],
      reasons: [{ code: 'aspect', channel: 'ebay', message: 'eBay needs Brand', aspect: { name: 'Brand', allowedValues: [] } }],
    });
    const sent = fakeServer({
      [`PATCH ${publishPaths.quickFix(item.itemId)}`]: { itemId: item.itemId },
      [`POST ${autopilotPaths.continue(item.itemId)}`]: null,
    });
    const form = show(item);
    const field = within(form).getByLabelText('Brand') as HTMLInputElement;
    fireEvent.change(field, { target: { value: 'Belstaff' } });
    expect(within(form).queryByTestId('brand-typo')).toBeNull();
    fireEvent.change(field, { target: { value: 'Barbuor' } });
    const note = within(form).getByTestId('brand-typo');
    expect(note.textContent).toBe('The label says BarbourUse Barbour');
    expect(field.getAttribute('aria-describedby')).toBe(note.id);
    fireEvent.click(within(note).getByRole('button', { name: 'Use Barbour' }));
    expect(field.value).toBe('Barbour');
    expect(within(form).queryByTestId('brand-typo')).toBeNull();
    fireEvent.change(field, { target: { value: 'Barbuor' } });
    fireEvent.click(within(form).getByRole('button', { name: /^Save and go on/ }));
    await waitFor(() => expect(posted(sent, autopilotPaths.continue(item.itemId))).toHaveLength(1));
    expect(posted(sent, publishPaths.quickFix(item.itemId))).toEqual([
      expect.objectContaining({ body: { aspects: { Brand: 'Barbuor' } } }),
    ]);
  });

  it("offers only the values a listed aspect takes: a waist list takes the AI's 32, not the label's W30 L32", () => {
    const item = reviewItem({
      disputed: [{ attribute: 'size', label: 'W30 L32', ai: '32', photo: 2 }],
      reasons: [{ code: 'aspect', channel: 'ebay', message: 'eBay needs Size', aspect: { name: 'Size', allowedValues: ['30', '32'] } }],
    });
    fakeServer({});
    show(item);
    const disputed = screen.getByTestId('autopilot-disputed');
    expect(disputed.textContent).toContain('Label says W30 L32; the AI says 32');
    expect(
      within(disputed)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['Use 32']);
  });

  it('shows nothing read where nothing was', () => {
    fakeServer({});
    show(reviewItem({ reasons: [] }));
    expect(screen.queryByTestId('autopilot-read-facts')).toBeNull();
  });
});
