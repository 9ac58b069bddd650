import { namesOf } from './picker/list-on-words';
import { PriceRuleList } from './price-rule-row';
import { webChannels } from './registry';

/**
 * The price rules of the marketplaces the app lists on itself (eBay, Etsy, Shopify). Each item is listed at
 * its asking price through the channel's rule, unless the seller set that listing's own price; the item's screen
 * shows what each marketplace gets.
 */
export function ApiPriceRulesSection() {
  const names = namesOf(webChannels.map((channel) => channel.name));
  return (
    <section
      aria-labelledby="api-price-rules"
      className="flex flex-col gap-3 rounded-2xl bg-white p-4 ring-1 ring-slate-200 sm:p-5"
      data-testid="api-price-rules"
    >
      <div>
        <h2 id="api-price-rules" className="text-base font-semibold text-slate-900">
          Price on each marketplace
        </h2>
        <p className="text-sm text-slate-600">
          {names} list each item at its asking price changed by the rule here (a listing given a price of its own keeps it). Each item’s
          screen shows the price every marketplace gets.
        </p>
      </div>
      <PriceRuleList channels={webChannels.map(({ name }) => name)} />
    </section>
  );
}
