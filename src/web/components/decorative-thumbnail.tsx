import { cn } from '../lib/cn';

/**
 * A photo beside the words that name what it shows (so it is read out as nothing), or an empty grey square where
 * there is none. `className` sets its size and corners.
 */
export function DecorativeThumbnail({ url, className, lazy = false }: { url: string | null; className: string; lazy?: boolean }) {
  return url ? (
    <img src={url} alt="" loading={lazy ? 'lazy' : undefined} className={cn('shrink-0 object-cover', className)} />
  ) : (
    <span className={cn('shrink-0 bg-slate-100', className)} aria-hidden />
  );
}
