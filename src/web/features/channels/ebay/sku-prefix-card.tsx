import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { skuPrefixBody } from '@shared/contracts/ebay';
import { ebaySkuOf, normaliseEbaySkuPrefix } from '@shared/domain/ebay-sku';
import { formatGeneratedSku } from '@shared/domain/sku';
import { Button } from '@/components/button';
import { Card } from '@/components/card';
import { TextField } from '@/components/text-field';
import { useToast } from '@/components/toast';
import { useSaveSkuPrefix } from './api/sku-prefix';
import { tell } from '@/lib/told';

/**
 * The eBay SKU prefix: put before each SKU sent to eBay, so two shops on one eBay account (or listings made on eBay)
 * never share a SKU. The products' own SKUs do not change, nor do listings already on eBay.
 */
export function SkuPrefixCard({ prefix }: { prefix: string }) {
  const save = useSaveSkuPrefix();
  const notify = useToast();
  // Checked as typed, by the contract's own rule: the hint shows the SKU eBay would get.
  const { register, handleSubmit, watch, reset, formState } = useForm({
    resolver: zodResolver(skuPrefixBody),
    mode: 'onChange',
    defaultValues: { skuPrefix: prefix },
  });
  const typed = watch('skuPrefix');
  const problem = formState.errors.skuPrefix?.message ?? null;
  const example = formatGeneratedSku(1);
  const unchanged = normaliseEbaySkuPrefix(typed) === prefix;

  const submit = handleSubmit((body) => {
    if (unchanged) return;
    tell(save, body.skuPrefix, {
      onSuccess: ({ skuPrefix }) => {
        reset({ skuPrefix });
        notify('success', skuPrefix ? `eBay SKU prefix saved: ${skuPrefix}` : 'eBay SKU prefix removed');
      },
    });
  });

  return (
    <Card className="p-4 sm:p-6" data-testid="ebay-sku-prefix">
      <h2 className="text-base font-semibold text-slate-900">eBay SKU prefix</h2>
      <p className="mt-1 text-sm text-slate-600">
        eBay keeps one listing per SKU on your eBay account. If another shop lists there too, give this one a prefix: only the SKU sent to
        eBay changes, and products already on eBay keep theirs.
      </p>
      <form onSubmit={(event) => void submit(event)} className="mt-4 flex flex-col gap-3 sm:flex-row sm:items-start" noValidate>
        <TextField
          label="eBay SKU prefix"
          className="min-w-0 sm:w-96"
          {...register('skuPrefix')}
          autoCapitalize="characters"
          autoComplete="off"
          spellCheck={false}
          placeholder="e.g. SHOP2-"
          error={problem}
          hint={`${example} is sent to eBay as ${ebaySkuOf(problem ? '' : typed, example)}`}
        />
        <Button type="submit" variant="secondary" className="sm:mt-7" loading={save.isPending} disabled={Boolean(problem) || unchanged}>
          Save Prefix
        </Button>
      </form>
      {save.isError && (
        <p role="alert" className="mt-2 text-sm text-red-600">
          {save.error.message}
        </p>
      )}
    </Card>
  );
}
