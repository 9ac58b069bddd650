import { useState } from 'react';
import type { EbayConnection, EbayPolicySummary, PoliciesCheckResponse } from '@shared/contracts/ebay';
import { Alert } from '@/components/alert';
import { Button } from '@/components/button';
import { Card } from '@/components/card';
import { useToast } from '@/components/toast';
import { useChoosePolicies } from './api/ebay-account';
import { SelectField } from '@/components/select-field';
import { tell } from '@/lib/told';

type Kind = 'payment' | 'fulfillment' | 'return';
const kinds: Array<{ kind: Kind; label: string; key: 'paymentPolicyId' | 'fulfillmentPolicyId' | 'returnPolicyId' }> = [
  { kind: 'payment', label: 'Payment policy', key: 'paymentPolicyId' },
  { kind: 'fulfillment', label: 'Fulfillment policy', key: 'fulfillmentPolicyId' },
  { kind: 'return', label: 'Return policy', key: 'returnPolicyId' },
];

/** What the policy does first (a phone shows only the start of an option), then its name. */
const optionLabel = (p: EbayPolicySummary) => (p.description ? `${p.description} (${p.name})` : p.name);

/**
 * The result of Check Policies: the seller's existing policies, to pick from rather than always creating new ones.
 * Use These Policies shows only while the picked ones are not the ones in use (`inUse`, the connection's).
 */
export function PoliciesPanel({
  check,
  inUse,
  onCreate,
}: {
  check: PoliciesCheckResponse;
  inUse: EbayConnection['policies'];
  onCreate(): void;
}) {
  const choose = useChoosePolicies();
  const notify = useToast();
  const initial = (kind: Kind, key: (typeof kinds)[number]['key']) => {
    const list = check[kind];
    return list.some((p) => p.id === check.defaults[key]) ? check.defaults[key]! : (list[0]?.id ?? '');
  };
  const [picked, setPicked] = useState({
    paymentPolicyId: initial('payment', 'paymentPolicyId'),
    fulfillmentPolicyId: initial('fulfillment', 'fulfillmentPolicyId'),
    returnPolicyId: initial('return', 'returnPolicyId'),
  });
  const hasAll = kinds.every(({ kind }) => check[kind].length > 0);
  const applied = kinds.every(({ key }) => picked[key] === inUse[key]);

  return (
    <Card className="p-4 sm:p-6" data-testid="ebay-policies-panel">
      <h2 className="text-lg font-bold tracking-tight text-slate-900">Business policies</h2>
      {check.complete ? (
        <Alert tone="success" className="mt-3">
          Payment, Fulfillment and Return policies are set.
        </Alert>
      ) : !check.optedIn ? (
        <Alert tone="warning" className="mt-3">
          Your eBay account does not use business policies yet. Create Policies turns them on and creates the three policies.
        </Alert>
      ) : !hasAll ? (
        <Alert tone="warning" className="mt-3">
          eBay business policies not configured (Payment, Fulfillment, Return). Create Policies makes the missing ones.
        </Alert>
      ) : null}
      {hasAll && (
        <div className="mt-4 flex flex-col gap-4">
          {kinds.map(({ kind, label, key }) => (
            <SelectField key={kind} label={label} value={picked[key]} onChange={(e) => setPicked((p) => ({ ...p, [key]: e.target.value }))}>
              {check[kind].map((p) => (
                <option key={p.id} value={p.id}>
                  {optionLabel(p)}
                </option>
              ))}
            </SelectField>
          ))}
          {choose.isError && <Alert tone="error">{choose.error.message}</Alert>}
        </div>
      )}
      <div className="mt-4 flex flex-wrap gap-2">
        {hasAll && applied && (
          <p className="flex min-h-11 items-center text-sm font-medium text-emerald-700" data-testid="policies-in-use">
            These policies are used for your listings.
          </p>
        )}
        {hasAll && !applied && (
          <Button
            loading={choose.isPending}
            onClick={() => tell(choose, picked, { onSuccess: () => notify('success', 'Policies saved for your listings') })}
          >
            Use These Policies
          </Button>
        )}
        <Button variant="secondary" onClick={onCreate}>
          Create New Policies
        </Button>
      </div>
    </Card>
  );
}
