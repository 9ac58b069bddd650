import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { sellerTimeBody, sellerTimeParts, type SellerTime, type SellerTimePart } from '@shared/contracts/what-sells';
import { SaveOutcome } from '@/components/save-outcome';
import { Button } from '@/components/button';
import { TextField } from '@/components/text-field';
import { useSaveSellerTime } from './api/what-sells';
import { tell } from '@/lib/told';

export const sellerTimeWords = {
  heading: 'Your time per item',
  intro: 'Profit per hour counts these minutes for every item, sold or not. Leave a field empty to use the estimate.',
  minutesError: 'Minutes from 0 to 600, such as 4 or 2.5',
  saved: 'Saved. Profit per hour is worked out again.',
} as const;

type Draft = Record<SellerTimePart, string>;

/** "5 min an item · 4 a hand-over · 6 a sale": what the profit per hour counts, at a glance. */
function summaryOf(time: SellerTime): string {
  const minutes = (part: SellerTimePart) => time.parts.find((each) => each.part === part)?.minutes ?? 0;
  const round = (value: number) => Math.round(value * 10) / 10;
  return `${round(minutes('capture') + minutes('review'))} min an item · ${minutes('handOver')} a hand-over · ${minutes('shipping')} a sale`;
}

const draftOf = (time: SellerTime): Draft =>
  Object.fromEntries(time.parts.map((part) => [part.part, part.own === null ? '' : String(part.own)])) as Draft;

/** The draft as the contract's body: empty is the estimate (null); "2,5" reads as 2.5; anything else is refused. */
const draftFields = z
  .object(Object.fromEntries(sellerTimeParts.map((part) => [part, z.string()])) as Record<SellerTimePart, z.ZodString>)
  .transform((draft, ctx) => {
    const read = (text: string) => {
      const typed = text.trim().replace(',', '.');
      return typed === '' ? null : /^\d+(\.\d+)?$/.test(typed) ? Number(typed) : NaN;
    };
    const body = sellerTimeBody.safeParse(Object.fromEntries(sellerTimeParts.map((part) => [part, read(draft[part])])));
    if (body.success) return body.data;
    for (const issue of body.error.issues) ctx.addIssue({ code: 'custom', path: issue.path, message: sellerTimeWords.minutesError });
    return z.NEVER;
  });

/** The seller's minutes per item: each part's estimate and what it rests on, and their own figure where they know better. */
export function SellerTimeForm({ time }: { time: SellerTime }) {
  const save = useSaveSellerTime();
  const [saved, setSaved] = useState(false);
  const { register, handleSubmit, reset, formState } = useForm({
    resolver: zodResolver(draftFields),
    defaultValues: draftOf(time),
    reValidateMode: 'onSubmit',
    shouldFocusError: false,
  });
  const submit = handleSubmit((body) =>
    tell(save, body, {
      onSuccess: (answer) => {
        reset(draftOf(answer));
        setSaved(true);
      },
    }),
  );
  return (
    <details className="group rounded-2xl border border-slate-200 bg-white shadow-sm" data-testid="seller-time">
      <summary className="flex min-h-11 cursor-pointer list-none items-center justify-between gap-3 px-4 py-3 text-sm font-semibold text-slate-900 focus-visible:outline-2 focus-visible:outline-indigo-600">
        <span>{sellerTimeWords.heading}</span>
        <span className="text-xs font-medium text-slate-500">{summaryOf(time)}</span>
      </summary>
      <form
        className="flex flex-col gap-4 border-t border-slate-100 p-4"
        aria-label={sellerTimeWords.heading}
        onSubmit={(event) => void submit(event)}
        noValidate
      >
        <p className="text-sm text-slate-600">{sellerTimeWords.intro}</p>
        <div className="grid gap-4 sm:grid-cols-2">
          {time.parts.map((part) => (
            <div key={part.part}>
              <TextField
                label={`${part.label} (minutes)`}
                inputMode="decimal"
                placeholder={`Estimate: ${part.estimate}`}
                {...register(part.part, { onChange: () => setSaved(false) })}
                error={formState.errors[part.part]?.message}
              />
              <p className="mt-1 text-xs text-slate-500">{part.basis}</p>
            </div>
          ))}
        </div>
        <Button type="submit" variant="secondary" className="self-start" loading={save.isPending}>
          Save my time
        </Button>
        <SaveOutcome error={save.isError ? save.error.message : null} saved={saved} savedWords={sellerTimeWords.saved} />
      </form>
    </details>
  );
}
