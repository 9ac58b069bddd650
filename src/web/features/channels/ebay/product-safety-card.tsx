import { useState } from 'react';
import type { BrandSafetyView, SafetyContactView } from '@shared/contracts/ebay-product-safety';
import { LoadError } from '@/components/load-error';
import { Button } from '@/components/button';
import { Card } from '@/components/card';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { Spinner } from '@/components/spinner';
import { useToast } from '@/components/toast';
import { useProductSafety, useRemoveBrandSafety } from './api/product-safety';
import { BrandSafetySheet } from './brand-safety-sheet';

const where = (c: SafetyContactView) => [c.companyName, c.city, c.country].filter(Boolean).join(', ');

/**
 * Product safety (GPSR) per brand: on eBay UK and eBay's EU sites each listing names its manufacturer and EU
 * responsible person. The seller enters them once per brand here; pre-flight says which brand still needs them.
 */
export const safetyWords = {
  remove: 'Remove',
  removeTitle: (brand: string) => `Remove ${brand}’s product safety details?`,
  removeMessage: (brand: string, required: boolean) =>
    `Its manufacturer and EU responsible person are forgotten here; nothing changes on eBay.${
      required ? ` Listings of ${brand} are held back before publishing until they are entered again.` : ''
    }`,
  removed: (brand: string) => `Product safety details of ${brand} removed`,
} as const;

export function ProductSafetyCard() {
  const safety = useProductSafety();
  const notify = useToast();
  const remove = useRemoveBrandSafety({
    onSuccess: (_answer, brand) => notify('success', safetyWords.removed(brand)),
    onError: (error) => notify('error', error.message),
  });
  const [editing, setEditing] = useState<BrandSafetyView | 'new' | null>(null);
  const [removing, setRemoving] = useState<string | null>(null);

  return (
    <Card className="p-4 sm:p-6" data-testid="product-safety">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div>
          <h2 className="text-base font-semibold text-slate-900">Product safety (EU and UK)</h2>
          <p className="mt-1 text-sm text-slate-600">
            {safety.data?.required
              ? 'Your eBay site asks, for each brand, who made it and who answers for it in the EU. Enter them once per brand.'
              : 'Needed only on eBay UK and eBay’s EU sites: who made each brand and who answers for it in the EU.'}
          </p>
        </div>
        <Button variant="secondary" onClick={() => setEditing('new')}>
          Add Brand
        </Button>
      </div>
      {safety.isPending ? (
        <p className="mt-4 flex items-center gap-2 text-sm text-slate-600">
          <Spinner className="size-4" /> Loading your brands…
        </p>
      ) : safety.isError ? (
        <LoadError onRetry={() => void safety.refetch()} className="mt-4">
          Could not load your brands’ product safety details: {safety.error.message}
        </LoadError>
      ) : safety.data.brands.length === 0 ? (
        <p className="mt-4 text-sm text-slate-500" data-testid="product-safety-empty">
          No brand has its details yet.
          {safety.data.required ? ' Listings of a brand without them are held back before publishing.' : ''}
        </p>
      ) : (
        <ul className="mt-4 divide-y divide-slate-100" aria-label="Brands with product safety details">
          {safety.data.brands.map((entry) => (
            <li
              key={entry.brand}
              className="flex flex-col gap-2 py-3 sm:flex-row sm:items-center sm:justify-between"
              data-brand={entry.brand}
            >
              <div className="min-w-0 text-sm">
                <p className="font-medium text-slate-900">{entry.brand}</p>
                <p className="text-slate-600">Manufacturer: {where(entry.manufacturer)}</p>
                <p className="text-slate-600">EU responsible person: {where(entry.responsiblePerson)}</p>
              </div>
              <div className="flex gap-2">
                <Button variant="secondary" size="sm" onClick={() => setEditing(entry)} aria-label={`Edit ${entry.brand}`}>
                  Edit
                </Button>
                <Button
                  variant="ghost"
                  size="sm"
                  aria-label={`Remove ${entry.brand}`}
                  loading={remove.isPending && remove.variables === entry.brand}
                  onClick={() => setRemoving(entry.brand)}
                >
                  Remove
                </Button>
              </div>
            </li>
          ))}
        </ul>
      )}
      <ConfirmDialog
        open={removing !== null}
        onOpenChange={(open) => !open && setRemoving(null)}
        title={safetyWords.removeTitle(removing ?? '')}
        message={safetyWords.removeMessage(removing ?? '', safety.data?.required === true)}
        confirmLabel={safetyWords.remove}
        onConfirm={() => {
          if (removing) remove.mutate(removing);
          setRemoving(null);
        }}
      />
      {editing && (
        <BrandSafetySheet
          key={editing === 'new' ? 'new' : editing.brand}
          open
          onOpenChange={(open) => !open && setEditing(null)}
          current={editing === 'new' ? null : editing}
        />
      )}
    </Card>
  );
}
