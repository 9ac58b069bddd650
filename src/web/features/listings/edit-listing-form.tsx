import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { editListingBody, type ListingItem } from '@shared/contracts/listings';
import { TITLE_MAX, listingMessages, parseTags } from '@shared/domain/listing';
import { Alert } from '@/components/alert';
import { Button } from '@/components/button';
import { TextField } from '@/components/text-field';
import { useEditListing } from './api/edit-listing';
import { titleTooLongFor } from '@shared/contracts/marketplace-registry';
import { tell } from '@/lib/told';

/** The listing as typed: the contract's body, its tags one comma-separated text (a tag's problem said of the field). */
const editListingFields = editListingBody.extend({
  tags: z.string().transform((typed, ctx) => {
    const read = editListingBody.shape.tags.safeParse(parseTags(typed));
    if (read.success) return read.data;
    const long = parseTags(typed).find((tag) => tag.length > 60);
    ctx.addIssue({ code: 'custom', message: long ? `“${long.slice(0, 20)}…” is longer than 60 characters` : 'At most 50 tags' });
    return z.NEVER;
  }),
});

/** Inline edit of a listing: title, description, comma-separated tags; Save Changes or Cancel. */
export function EditListingForm({ item, onDone }: { item: ListingItem; onDone(): void }) {
  const edit = useEditListing();
  const { register, handleSubmit, watch, formState } = useForm({
    resolver: zodResolver(editListingFields),
    defaultValues: { title: item.aiTitle ?? '', description: item.aiDescription ?? '', tags: (item.aiTags ?? []).join(', ') },
  });
  const titleLength = watch('title').trim().length;
  const tooLongFor = titleTooLongFor(titleLength);
  const save = handleSubmit((body) => tell(edit, { itemId: item.id, ...body }, { onSuccess: onDone }));

  return (
    <form className="flex flex-col gap-4" onSubmit={(event) => void save(event)} noValidate aria-label={`Edit listing ${item.sku}`}>
      <TextField
        label="Title"
        {...register('title')}
        maxLength={200}
        error={formState.errors.title?.message}
        hint={`${titleLength}/${TITLE_MAX} characters${tooLongFor.length ? ` — longer than ${tooLongFor.join(' and ')} recommends` : ''}`}
      />
      <div className="flex flex-col gap-1.5">
        <label htmlFor={`description-${item.id}`} className="text-sm font-medium text-slate-700">
          Description
        </label>
        <textarea
          id={`description-${item.id}`}
          {...register('description')}
          rows={8}
          className="rounded-xl border border-slate-300 bg-white px-3.5 py-2.5 text-base text-slate-900 shadow-sm outline-none transition focus:border-indigo-500 focus:ring-4 focus:ring-indigo-100 sm:text-sm"
        />
      </div>
      <TextField label="Tags" {...register('tags')} error={formState.errors.tags?.message} hint="Separate tags with commas" />
      {edit.isError && <Alert tone="error">{listingMessages.saveFailed}</Alert>}
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="secondary" onClick={onDone} disabled={edit.isPending}>
          Cancel
        </Button>
        <Button type="submit" loading={edit.isPending}>
          Save Changes
        </Button>
      </div>
    </form>
  );
}
