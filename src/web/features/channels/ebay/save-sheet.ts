import { useToast } from '@/components/toast';
import { tell } from '@/lib/told';

/** A sheet that edits what the seller saved before: `current`, null while nothing is saved yet. */
export interface EditSheetProps<Current> {
  open: boolean;
  onOpenChange(open: boolean): void;
  current: Current | null;
}

/**
 * The eBay account sheets' Save: one press of `mutation`; once it is saved, the toast says so in `saved`'s words and
 * the sheet closes. A failure stays in the sheet (its form shows the mutation's error).
 */
export function useSaveAndClose<Body, Answer>(
  mutation: { mutateAsync(body: Body): Promise<Answer> },
  onOpenChange: (open: boolean) => void,
  saved: string | ((answer: Answer) => string),
): (body: Body) => void {
  const notify = useToast();
  return (body) =>
    tell(mutation, body, {
      onSuccess: (answer) => {
        notify('success', typeof saved === 'string' ? saved : saved(answer));
        onOpenChange(false);
      },
    });
}
