import { AppError } from '@shared/errors';
import type { ChannelPreflight } from './marketplace';

/**
 * The pre-flight of a marketplace whose rules read the item and the shop's currency (Shopify, Depop), in one place:
 * another seller's item is not found; unconfigured, nothing is checked; unconnected (the shop's currency unread), the
 * rules still say what they can; connected, every problem. The marketplace supplies its item read, its shop's currency,
 * its rules and its words.
 */
export async function shopPreflight<Subject>(check: {
  subject: Subject | undefined;
  configured: boolean;
  shopCurrency: () => Promise<string>;
  problemsOf: (subject: Subject, shopCurrency: string | null) => { problems: ChannelPreflight['problems'] };
  messages: { notConfigured: string; notConnected: string };
}): Promise<ChannelPreflight> {
  if (!check.subject) throw new AppError('NOT_FOUND', 'Item not found');
  const base = { categorySuggestions: [], condition: null };
  if (!check.configured) return { ...base, checked: false, unavailable: check.messages.notConfigured, problems: [] };
  const currency = await check.shopCurrency().then(
    (currency) => currency,
    () => null,
  );
  return {
    ...base,
    checked: currency !== null,
    unavailable: currency !== null ? null : check.messages.notConnected,
    problems: check.problemsOf(check.subject, currency).problems,
  };
}
