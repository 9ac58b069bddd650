import { listingMessages } from '@shared/domain/listing';
import { ConfirmDialog } from '../../components/confirm-dialog';

/** What the seller is asked to confirm on the Generate Listings screen. */
export type ListingConfirm =
  { kind: 'delete-one'; itemId: string } | { kind: 'regenerate'; itemId: string } | { kind: 'delete-many'; itemIds: string[] };

const texts = (confirm: ListingConfirm | null) => {
  if (confirm?.kind === 'regenerate')
    return { title: 'Regenerate listing?', message: listingMessages.regenerateConfirm, label: 'Regenerate', tone: 'primary' as const };
  if (confirm?.kind === 'delete-many')
    return {
      title: 'Delete listings?',
      message: listingMessages.deleteManyConfirm(confirm.itemIds.length),
      label: 'Delete',
      tone: 'danger' as const,
    };
  return { title: 'Delete listing?', message: listingMessages.deleteOneConfirm, label: 'Delete', tone: 'danger' as const };
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
