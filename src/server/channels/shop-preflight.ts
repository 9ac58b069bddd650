import { AppError } from '@shared/errors';
import type { ChannelPreflight } from './marketplace';
import { needsSellerToConnect } from './oauth/token-keeper';

/**
 * The pre-flight of a marketplace whose rules read the item and the shop's currency (Shopify, Depop), in one place:
 * another seller's item is not found; unconfigured, nothing is checked; unconnected (the shop's currency unread), the
 * rules still say what they can; connected, every problem. The marketplace supplies its item read, its shop (currency,
 * defaults),
 * its rules and its words.
 */
export async function shopPreflight<Subject, Shop extends { currency: string }>(check: {
  subject: Subject | undefined;
  configured: boolean;
  /** What the rules read of the seller's shop (its currency, and any default of its own); refused: not connected. */
  shop: () => Promise<Shop>;
  problemsOf: (subject: Subject, shop: Shop | null) => { problems: ChannelPreflight['problems'] };
  messages: { notConfigured: string; notConnected: string };
}): Promise<ChannelPreflight> {
  if (!check.subject) throw new AppError('NOT_FOUND', 'Item not found');
  const base = { categorySuggestions: [], condition: null };
  if (!check.configured) return { ...base, checked: false, unavailable: check.messages.notConfigured, problems: [] };
  let mustConnect = false;
  const shop = await check.shop().then(
    (shop) => shop,
    (error: unknown) => ((mustConnect = needsSellerToConnect(error)), null),
  );
  return {
    ...base,
    checked: shop !== null,
    unavailable: shop !== null ? null : check.messages.notConnected,
    ...(mustConnect ? { notConnected: true } : {}),
    problems: check.problemsOf(check.subject, shop).problems,
  };
}
