import { sellingRulesSections } from '../features/channels/registry';
import { SellingPlanView } from '../features/selling-plan/selling-plan-view';

/** This week's plan with each channel's selling rules under the drop and relist rules (decision 108). */
export function SellingPlanPage() {
  return (
    <SellingPlanView
      sellingRules={sellingRulesSections.map(({ channel, Section }) => (
        <Section key={channel} />
      ))}
    />
  );
}
