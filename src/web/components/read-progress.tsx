import { Alert } from './alert';
import { Spinner } from './spinner';

/** A view's read not in yet: its spinner while it loads, else why it failed (`failed` above the error's words). */
export function ReadProgress({
  read,
  loading,
  failed,
}: {
  read: { isPending: boolean; error: Error | null };
  loading: string;
  failed: string;
}) {
  return read.isPending ? (
    <Spinner className="size-6 self-center text-indigo-600" label={loading} />
  ) : (
    <Alert tone="error" title={failed}>
      {read.error?.message}
    </Alert>
  );
}
