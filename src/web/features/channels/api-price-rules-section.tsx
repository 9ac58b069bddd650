import { useHandedOverChannels } from '@/entities/channels/use-channel-connections';
import { namesOf } from './picker/list-on-words';
import { PriceRuleList } from './price-rule-row';
import { webChannels } from './registry';

/**
 * The price rules of the marketplaces the app lists on itself (eBay, Etsy, Shopify, and Depop once connected by its
 * Seller API: one mode per marketplace, decision 159, so Depop is never in both sections). Each item is listed at
 * its asking price through the channel's rule, unless the seller set that listing's own price; the item's screen
 * shows what each marketplace gets.
 */
export function ApiPriceRulesSection() {
  // A marketplace the seller hands over to (Depop without its Seller API) has its rule under "Listed by you" alone.
  const handedOver = useHandedOverChannels();
  const listed = webChannels.filter(({ name }) => !(handedOver as readonly string[]).includes(name));
  const names = namesOf(listed.map((channel) => channel.name));
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
      <PriceRuleList channels={listed.map(({ name }) => name)} />
    </section>
  );
}
