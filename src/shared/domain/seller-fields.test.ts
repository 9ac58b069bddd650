import { describe, expect, it } from 'vitest';
import { listingMessages } from './listing';
import { regenerateConfirmText, regenerationPlan } from './seller-fields';

describe('the Regenerate confirmation', () => {
  it('with nothing the seller set: the agreed question, and every field it rewrites', () => {
    const text = regenerateConfirmText(regenerationPlan([], false));
    expect(text.startsWith(listingMessages.regenerateConfirm)).toBe(true);
    expect(text).toContain('It rewrites the title, description, tags, brand, size, size type, colour,');
    expect(text).not.toContain('Kept');
  });

  it('names what the seller set as kept, and leaves it out of what it rewrites', () => {
    const plan = regenerationPlan(['title', 'brand', 'aspect:Sleeve Length'], true);
    expect(plan.kept).toEqual(['title', 'brand', 'Sleeve Length', 'price']);
    expect(plan.replaced).not.toContain('title');
    expect(plan.replaced).toContain('the other item specifics');
    const text = regenerateConfirmText(plan);
    expect(text).not.toContain('The current content will be replaced');
    expect(text).toContain('Kept as you set them: title, brand, Sleeve Length and price.');
  });

  it("names the listing's category by its marketplace's name, as the seller knows it", () => {
    expect(regenerationPlan(['category'], false).kept).toEqual(['eBay category']);
    expect(regenerationPlan([], false).replaced).toContain('eBay category');
  });
});
