import { useState, type FormEvent } from 'react';
import type { ListingItem } from '@shared/contracts/listings';
import { TITLE_MAX, listingMessages, parseTags } from '@shared/domain/listing';
import { Alert } from '@/components/alert';
import { Button } from '@/components/button';
import { TextField } from '@/components/text-field';
import { useEditListing } from './api/edit-listing';

/** Inline edit of a listing: title, description, comma-separated tags; Save Changes or Cancel. */
export function EditListingForm({ item, onDone }: { item: ListingItem; onDone(): void }) {
  const [title, setTitle] = useState(item.aiTitle ?? '');
  const [description, setDescription] = useState(item.aiDescription ?? '');
  const [tags, setTags] = useState((item.aiTags ?? []).join(', '));
  const edit = useEditListing();

  function save(event: FormEvent) {
    event.preventDefault();
    edit.mutate({ itemId: item.id, title: title.trim(), description: description.trim(), tags: parseTags(tags) }, { onSuccess: onDone });
  }

  return (
    <form className="flex flex-col gap-4" onSubmit={save} aria-label={`Edit listing ${item.sku}`}>
      <TextField
        label="Title"
        value={title}
        onChange={(e) => setTitle(e.target.value)}
        required
        maxLength={200}
        hint={`${title.trim().length}/${TITLE_MAX} characters${title.trim().length > TITLE_MAX ? ' — longer than eBay recommends' : ''}`}
      />
      <div className="flex flex-col gap-1.5">
        <label htmlFor={`description-${item.id}`} className="text-sm font-medium text-slate-700">
          Description
        </label>
        <textarea
          id={`description-${item.id}`}
          value={description}
          onChange={(e) => setDescription(e.target.value)}
          rows={8}
          className="rounded-xl border border-slate-300 bg-white px-3.5 py-2.5 text-base text-slate-900 shadow-sm outline-none transition focus:border-indigo-500 focus:ring-4 focus:ring-indigo-100 sm:text-sm"
        />
      </div>
      <TextField label="Tags" value={tags} onChange={(e) => setTags(e.target.value)} hint="Separate tags with commas" />
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
