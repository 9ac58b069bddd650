import { describe, expect, it } from 'vitest';
import { FakeState, goodWireListing } from '../../fakes/fake-ai-support';

const prompt = (brand: string) => `Seller's details:\n  - Brand: ${brand}\n  - Category: Mens Jeans\n`;

describe("the fake AI's per-product markers", () => {
  it('answers the size and price a test typed in the brand, and leaves the markers out of the brand', () => {
    const listing = goodWireListing(prompt("Levi's fake-size:Huge fake-price:9.5"), 1);
    expect(listing).toMatchObject({ brand: "Levi's", size: 'Huge', suggestedPrice: 9.5 });
    expect(listing.title).toMatch(/Size Huge$/);
  });

  it('answers its usual listing without them', () => {
    expect(goodWireListing(prompt('Lee'), 1)).toMatchObject({ brand: 'Lee', size: '32', suggestedPrice: 34.5 });
  });
});

describe('fake-delay', () => {
  it('delays one answer as the prompt asks, at most 30 s, and leaves the brand clean', () => {
    const state = new FakeState({ latencyMs: 300 });
    expect(state.latencyFor(prompt('Lee fake-delay:4000'))).toBe(4000);
    expect(state.latencyFor(prompt('Lee fake-delay:999999'))).toBe(30_000);
    expect(state.latencyFor(prompt('Lee'))).toBe(300);
    expect(goodWireListing(prompt('Lee fake-delay:4000'), 1).brand).toBe('Lee');
  });
});
