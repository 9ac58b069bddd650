import { deleteEndsListingsMessages, type EndsListings } from '@shared/domain/delete-ends-listings';
import { listingMessages } from '@shared/domain/listing';
import { regenerateConfirmText, type RegenerationPlan } from '@shared/domain/seller-fields';
import { ConfirmDialog } from '@/components/confirm-dialog';

/** What the seller is asked to confirm on the Generate Listings screen. */
export type ListingConfirm =
  | { kind: 'delete-one'; itemId: string; endsListings?: EndsListings }
  /** `plan`: what the AI rewrites and what the seller set is kept, named in the question. */
  | { kind: 'regenerate'; itemId: string; plan?: RegenerationPlan }
  | { kind: 'delete-many'; itemIds: string[]; endsListings?: EndsListings };

/** The spec's question, with what happens on the marketplaces said before "This action cannot be undone." */
const withListingsEnded = (question: string, ended: string | null) =>
  ended ? question.replace(/This action cannot be undone\.$/, `${ended} This action cannot be undone.`) : question;

const texts = (confirm: ListingConfirm | null) => {
  if (confirm?.kind === 'regenerate')
    return {
      title: 'Regenerate listing?',
      message: confirm.plan ? regenerateConfirmText(confirm.plan) : listingMessages.regenerateConfirm,
      label: 'Regenerate',
      tone: 'primary' as const,
    };
  if (confirm?.kind === 'delete-many')
    return {
      title: 'Delete listings?',
      message: withListingsEnded(
        listingMessages.deleteManyConfirm(confirm.itemIds.length),
        confirm.endsListings?.live
          ? deleteEndsListingsMessages.endsListings(confirm.endsListings.on, confirm.endsListings.live, confirm.itemIds.length)
          : null,
      ),
      label: 'Delete',
      tone: 'danger' as const,
    };
  return {
    title: 'Delete listing?',
    message: withListingsEnded(
      listingMessages.deleteOneConfirm,
      confirm?.kind === 'delete-one' && confirm.endsListings?.live ? deleteEndsListingsMessages.endsListing(confirm.endsListings.on) : null,
    ),
    label: 'Delete',
    tone: 'danger' as const,
  };
};

/** The spec's confirmation questions for regenerate, delete one and delete many. */
export function ListingConfirmDialog({
  confirm,
  onCancel,
  onConfirm,
}: {
  confirm: ListingConfirm | null;
  onCancel(): void;
  onConfirm(): void;
}) {
  const { title, message, label, tone } = texts(confirm);
  return (
    <ConfirmDialog
      open={confirm !== null}
      onOpenChange={(open) => !open && onCancel()}
      title={title}
      message={message}
      confirmLabel={label}
      tone={tone}
      onConfirm={onConfirm}
    />
  );
}
