import type { CSSProperties } from 'react';
import type { CropImageBody, ItemImage } from '@shared/contracts/items';

/** The space the cropper has: the preview of an unsaved edit takes the same (38% of the screen's height, 50% from sm). */
const frame = 'relative max-w-full overflow-hidden [--crop-h:38dvh] sm:[--crop-h:50dvh]';
const sized = (width: number, height: number): CSSProperties => ({
  aspectRatio: `${width} / ${height}`,
  width: `min(100%, calc(var(--crop-h) * ${width / height}))`,
});

/** An applied crop that is not saved yet: the stored photo seen through a window of the region's shape. */
export function CropPreview({ image, region }: { image: ItemImage; region: CropImageBody }) {
  return (
    <div data-testid="edit-preview" className={frame} style={sized(region.width, region.height)}>
      <img
        src={image.url}
        alt={`Cropped to ${region.width} x ${region.height} pixels (not saved yet)`}
        className="absolute max-w-none"
        style={{
          width: `${(image.width / region.width) * 100}%`,
          height: `${(image.height / region.height) * 100}%`,
          left: `${(-region.x / region.width) * 100}%`,
          top: `${(-region.y / region.height) * 100}%`,
        }}
      />
    </div>
  );
}

/** Quarter turns clockwise that are not saved yet: the stored photo turned in place. */
export function RotatePreview({ image, turns }: { image: ItemImage; turns: number }) {
  const sideways = turns % 2 === 1;
  const [width, height] = sideways ? [image.height, image.width] : [image.width, image.height];
  return (
    <div data-testid="edit-preview" className={frame} style={sized(width, height)}>
      <img
        src={image.url}
        alt={`Rotated ${turns * 90}° clockwise (not saved yet)`}
        className="absolute left-1/2 top-1/2 max-w-none"
        style={{
          width: `${(image.width / width) * 100}%`,
          height: `${(image.height / height) * 100}%`,
          transform: `translate(-50%, -50%) rotate(${turns * 90}deg)`,
        }}
      />
    </div>
  );
}
