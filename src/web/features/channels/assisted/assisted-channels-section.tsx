import { apiChannels, channelNames, type Channel } from '@shared/domain/channel-listing';
import { PriceRuleList } from '../price-rule-row';
import { useOfferedHandOvers } from './use-offered-hand-overs';

/**
 * The assisted marketplaces on the Marketplaces screen: what the app does for each (prepares, hands over, records)
 * and each one's price rule ("+10% on Poshmark").
 */
export function AssistedChannelsSection() {
  // Only those serving the seller's country: no Mercari for a UK seller.
  // Where they hand over only: Depop connected by its Seller API has its rule under "Price on each marketplace".
  const offered = useOfferedHandOvers();
  // Depop has an API: "no app lists for you" is true of it only until the seller connects it above.
  const connectable = offered.filter((channel) => (apiChannels as readonly Channel[]).includes(channel)).map((c) => channelNames[c]);
  return (
    <section aria-labelledby="assisted-channels" className="flex flex-col gap-3 rounded-2xl bg-white p-4 ring-1 ring-slate-200 sm:p-5">
      <div>
        <h2 id="assisted-channels" className="text-base font-semibold text-slate-900">
          Listed by you, prepared by the app
        </h2>
        <p className="text-sm text-slate-600">
          These marketplaces let no app list for you. Open “Other marketplaces” under a listing: its text in their words, its photos to
          share or download, and a place to record the listing. Each price can follow its own rule.
        </p>
        {connectable.length > 0 && (
          <p className="text-sm text-slate-600" data-testid="hand-over-until-connected">
            {connectable.join(' and ')}: listed for you once connected above; until then, prepared here.
          </p>
        )}
      </div>
      <PriceRuleList channels={offered} />
    </section>
  );
}
