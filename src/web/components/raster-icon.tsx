import 'virtual:raster-icons.css';
import { cn } from '../lib/cn';
import type { RasterIconName } from './raster-icon-set';

/**
 * An icon drawn from the raster sprite (scripts/vite-raster-icons.ts): one empty element, where an SVG icon is a
 * tree of them. For what a long list repeats in every row; `className` sets the size (the sprite is drawn at three
 * device pixels to the CSS pixel of a 16 px icon).
 */
export function RasterIcon({ name, className }: { name: RasterIconName; className?: string }) {
  return <span aria-hidden="true" className={cn('raster-icon', `raster-icon-${name}`, className ?? 'size-4')} />;
}
