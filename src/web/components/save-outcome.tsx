import { Alert } from './alert';

/**
 * What the last Save of a settings form came to: the server's refusal in its words, or "Saved" until the next change.
 * `spaced`: set apart from the form above it (in a panel that does not space its children).
 */
export function SaveOutcome({
  error,
  saved,
  savedWords = 'Saved',
  spaced = false,
}: {
  error: string | null;
  saved: boolean;
  savedWords?: string;
  spaced?: boolean;
}) {
  return (
    <>
      {error !== null && (
        <Alert tone="error" className={spaced ? 'mt-3' : undefined}>
          {error}
        </Alert>
      )}
      {saved && (
        <p className={spaced ? 'mt-2 text-sm text-emerald-700' : 'text-sm text-emerald-700'} role="status">
          {savedWords}
        </p>
      )}
    </>
  );
}
