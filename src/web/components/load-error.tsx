import type { ReactNode } from 'react';
import { Alert } from './alert';
import { Button } from './button';

/** A read that failed: why, in an error box, with Try again to read it again (`onRetry`). */
export function LoadError({
  onRetry,
  title,
  className,
  children,
}: {
  onRetry(): void;
  title?: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <Alert
      tone="error"
      title={title}
      className={className}
      action={
        <Button variant="secondary" size="sm" onClick={onRetry}>
          Try again
        </Button>
      }
    >
      {children}
    </Alert>
  );
}
