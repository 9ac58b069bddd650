import { Alert } from '@/components/alert';
import { Button } from '@/components/button';
import { ApiError } from '@/lib/api-client';

/** A failed auth call: the provider's message, with Try again when the failure is worth retrying. */
export function ErrorNotice({ error, onRetry }: { error: unknown; onRetry?: () => void }) {
  const message = error instanceof Error ? error.message : 'Something went wrong. Please try again.';
  const retryable = error instanceof ApiError && error.retryable;
  return (
    <Alert
      tone="error"
      action={
        retryable && onRetry ? (
          <Button variant="secondary" size="sm" onClick={onRetry}>
            Try again
          </Button>
        ) : undefined
      }
    >
      {message}
    </Alert>
  );
}
