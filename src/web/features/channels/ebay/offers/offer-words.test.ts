import { describe, expect, it } from 'vitest';
import type { SentOfferWire } from '@shared/contracts/ebay-offers';
import { money } from '@shared/domain/money';
import { historyLine, offerWords, typedPriceProblem } from './offer-words';

const usd = (amountMinor: number) => ({ amountMinor, currency: 'USD' });
const sent = (patch: Partial<SentOfferWire> = {}): SentOfferWire => ({
  id: 'o1',
  listingId: '110',
  price: usd(2600),
  listingPrice: usd(3000),
  percentOffBasisPoints: 1333,
  raisedToFloor: false,
  trigger: 'seller',
  buyers: 2,
  ebayOfferIds: ['1', '2'],
  outcome: 'sent',
  error: null,
  sentAt: '2026-11-26T18:00:00.000Z',
  expiresAt: '2026-11-28T18:00:00.000Z',
  saleId: null,
  soldAt: null,
  ...patch,
});

describe('offer words', () => {
  it('says what each typed price that cannot be offered lacks', () => {
    const listing = money(3000, 'USD');
    expect(typedPriceProblem({ kind: 'not-enough-off', highestMinor: 2850 }, 'USD', listing)).toBe(
      'eBay takes offers at least 5% under your price of $30.00: $28.50 at most.',
    );
    expect(typedPriceProblem({ kind: 'under-floor', floorMinor: 957, profitMinor: -49 }, 'USD', listing)).toBe(
      'That is under your floor of $9.57 on eBay: you would lose $0.49. Offers never go under the floor.',
    );
    expect(typedPriceProblem({ kind: 'under-floor', floorMinor: 1200, profitMinor: 100 }, 'USD', listing)).toBe(
      'That is under your floor of $12.00 on eBay, under your minimum margin. Offers never go under the floor.',
    );
  });

  it('tells each past offer by what came of it: open, ended, refused, sold', () => {
    const before = Date.parse('2026-11-27T00:00:00Z');
    const after = Date.parse('2026-11-29T00:00:00Z');
    expect(historyLine(sent(), before)).toMatchObject({ tone: 'open', outcome: expect.stringMatching(/^Sent to 2 buyers, open until /) });
    expect(historyLine(sent({ buyers: 1 }), after)).toMatchObject({
      tone: 'ended',
      outcome: expect.stringMatching(/^Sent to 1 buyer, ended .* with no sale$/),
    });
    expect(historyLine(sent({ outcome: 'refused', error: 'Listing 110 has no interested buyers.' }), before)).toMatchObject({
      tone: 'refused',
      outcome: 'eBay refused the offer: Listing 110 has no interested buyers.',
    });
    const sold = historyLine(sent({ outcome: 'sold', saleId: 's1', soldAt: '2026-11-27T10:00:00.000Z', trigger: 'rule' }), after);
    expect(sold.tone).toBe('sold');
    expect(sold.outcome).toMatch(/^Sold at \$26\.00 on /);
    expect(sold.what).toMatch(/\$26\.00 \(13\.33% off \$30\.00\) by your rule$/);
    expect(offerWords.sent(sent())).toMatch(/^Offer sent to 2 buyers at \$26\.00, ends /);
  });
});
