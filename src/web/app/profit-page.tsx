import { sellingRulesSections } from '../features/channels/registry';
import { ProfitView } from '../features/sales/profit-view';

/** The Profit screen with each channel's selling rules under the profit floor settings (features never import each other). */
export function ProfitPage() {
  return (
    <ProfitView
      sellingRules={sellingRulesSections.map(({ channel, Section }) => (
        <Section key={channel} />
      ))}
    />
  );
}
