import type { ListedItem } from '@shared/contracts/items';
import { ruleSummary, type SellingPlanRule } from '@shared/contracts/selling-plan';
import { channelNames, type Channel } from '@shared/domain/channel-listing';
import { Button } from '@/components/button';
import { CardSheetButton } from '@/components/card-sheet-button';
import { Spinner } from '@/components/spinner';
import { showMoney } from '@/entities/profit-floor/floor-figures';
import { useItemFloor } from '@/entities/profit-floor/use-profit-floor';
import { useRemovePlanRule, useSellingPlanRules } from './api/selling-plan';
import { FloorAndProfit } from './floor-and-profit';
import { draftOf, ruleOfDraft } from './rule-draft';
import { RuleFields, RuleModeSelect, ruleWords } from './rule-fields';
import { previewSchedule } from './rule-preview';
import { usePlanRuleForm } from './use-plan-rule-form';

type RuleItem = Pick<ListedItem, 'id' | 'sku' | 'updatedAt' | 'listings' | 'sale'>;

const liveChannels = (item: RuleItem) => item.listings.filter((listing) => listing.status === 'live').map((listing) => listing.channel);

/** The rule that reaches a channel when the item has none of its own: the channel's, else the one for every listing. */
function generalRule(rules: readonly SellingPlanRule[], channel: Channel) {
  const rule = rules.find((r) => r.scope === channel) ?? rules.find((r) => r.scope === 'all');
  const words = !rule ? 'No rule' : rule.scope === 'all' ? 'Your rule for every listing' : `Your ${channelNames[channel]} rule`;
  return { rule: rule ?? null, words };
}

/**
 * On an item's card, while it is live somewhere and unsold (decision 108): its own drops and relists, or none, or the
 * seller's rules; each live listing's schedule priced with its floor and profit.
 */
export function ItemPlanRuleButton({ item }: { item: RuleItem }) {
  if (item.sale || liveChannels(item).length === 0) return null;
  return (
    <CardSheetButton
      label="Drops & relists"
      ariaLabel={`Drops & relists, ${item.sku}`}
      testId="item-plan-rule-button"
      title={`Drops and relists · ${item.sku}`}
    >
      <ItemRuleBody item={item} />
    </CardSheetButton>
  );
}

function ItemRuleBody({ item }: { item: RuleItem }) {
  const scope = `item:${item.id}` as const;
  const { rules, save } = useSellingPlanRules();
  const remove = useRemovePlanRule();
  const current = rules.data?.find((rule) => rule.scope === scope);
  // The item's rule, checked by the contract's rule; a figure typed wrong is said in a toast.
  const { register, watch, submit } = usePlanRuleForm({ scope, current, defaultDraft: draftOf(current, scope), save, remove });

  // The preview follows the draft as it is typed.
  const draft = watch();
  const drafted = ruleOfDraft(draft, scope);
  return (
    <div className="flex flex-col gap-4 overflow-y-auto px-4 py-4 sm:px-6" data-testid="item-plan-rule">
      <form onSubmit={(event) => void submit(event)} className="flex flex-col gap-3" aria-label="This item’s drops and relists">
        <RuleModeSelect register={register} words={ruleWords.itemModes} />
        {draft.mode === 'own' && <RuleFields register={register} />}
        <Button type="submit" className="self-end" loading={save.isPending || remove.isPending}>
          {ruleWords.save}
        </Button>
      </form>
      {rules.data && <SchedulePreview item={item} rules={rules.data} drafted={drafted === 'follow' || drafted === null ? null : drafted} />}
    </div>
  );
}

/** Each live listing: the rule that applies (the draft of the item's own, else the seller's) and its priced steps. */
function SchedulePreview({ item, rules, drafted }: { item: RuleItem; rules: readonly SellingPlanRule[]; drafted: SellingPlanRule | null }) {
  const floors = useItemFloor(item.id, item.updatedAt);
  if (floors.isPending) return <Spinner className="size-5 text-indigo-600" label="Working out the prices" />;
  if (!floors.data) return null;
  const answer = floors.data;
  return (
    <section aria-label="What it does" className="flex flex-col gap-3" data-testid="item-rule-preview">
      <h3 className="text-sm font-semibold text-slate-900">What it does, from today’s prices</h3>
      {liveChannels(item).map((channel) => {
        const floor = answer.channels.find((c) => c.channel === channel);
        const applied = drafted ? { rule: drafted, words: 'This item’s own rule' } : generalRule(rules, channel);
        const steps = floor && applied.rule ? previewSchedule(answer, floor, applied.rule) : [];
        return (
          <div
            key={channel}
            className="rounded-xl bg-slate-50 p-3 ring-1 ring-slate-200"
            data-testid="item-rule-channel"
            data-channel={channel}
          >
            <p className="text-sm font-semibold text-slate-900">
              {channelNames[channel]}
              {floor?.price ? <span className="font-normal text-slate-600"> · now {showMoney(floor.price)}</span> : null}
            </p>
            <p className="text-xs text-slate-600">
              {applied.words}: {applied.rule ? ruleSummary(applied.rule) : 'no drops or relists'}
            </p>
            {steps.length > 0 && (
              <ul className="mt-1 flex flex-col gap-0.5 text-sm text-slate-800">
                {steps.map((step, index) => (
                  <li key={index}>
                    {step.kind === 'stop' ? (
                      <span className="text-amber-800">{step.words}</span>
                    ) : (
                      <>
                        {step.kind === 'drop' ? `After ${step.afterDays} days: ` : `Relist after ${step.afterDays} days at `}
                        <span className="font-semibold">{showMoney(step.price)}</span>
                        <FloorAndProfit floor={step.floor} profit={step.profit} />
                        {step.kind === 'drop' && step.stoppedAtFloor && <span className="text-amber-800"> (stopped at your floor)</span>}
                      </>
                    )}
                  </li>
                ))}
              </ul>
            )}
          </div>
        );
      })}
    </section>
  );
}
