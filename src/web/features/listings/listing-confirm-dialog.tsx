import { ebayDeleteMessages } from '@shared/domain/ebay-delete';
import { listingMessages } from '@shared/domain/listing';
import { regenerateConfirmText, type RegenerationPlan } from '@shared/domain/seller-fields';
import { ConfirmDialog } from '@/components/confirm-dialog';

/** What the seller is asked to confirm on the Generate Listings screen. */
export type ListingConfirm =
  | { kind: 'delete-one'; itemId: string; liveOnEbay?: number }
  /** `plan`: what the AI rewrites and what the seller set is kept, named in the question. */
  | { kind: 'regenerate'; itemId: string; plan?: RegenerationPlan }
  | { kind: 'delete-many'; itemIds: string[]; liveOnEbay?: number };

/** The spec's question, with what happens on eBay said before "This action cannot be undone." */
const withEbayEnd = (question: string, ebay: string | null) =>
  ebay ? question.replace(/This action cannot be undone\.$/, `${ebay} This action cannot be undone.`) : question;

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
      message: withEbayEnd(
        listingMessages.deleteManyConfirm(confirm.itemIds.length),
        confirm.liveOnEbay ? ebayDeleteMessages.endsListings(confirm.liveOnEbay, confirm.itemIds.length) : null,
      ),
      label: 'Delete',
      tone: 'danger' as const,
    };
  return {
    title: 'Delete listing?',
    message: withEbayEnd(listingMessages.deleteOneConfirm, confirm?.liveOnEbay ? ebayDeleteMessages.endsListing : null),
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
