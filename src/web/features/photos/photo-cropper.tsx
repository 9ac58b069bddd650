import { useState } from 'react';
import ReactCrop, { centerCrop, makeAspectCrop, type PercentCrop } from 'react-image-crop';
import 'react-image-crop/dist/ReactCrop.css';
import { CROP_MIN_PX, type CropImageBody, type ItemImage } from '@shared/contracts/items';

/** Manage Photos' crop ratios: free, 1:1, 4:3, 16:9. */
export const cropRatios = [
  { label: 'Free', aspect: undefined },
  { label: '1:1', aspect: 1 },
  { label: '4:3', aspect: 4 / 3 },
  { label: '16:9', aspect: 16 / 9 },
] as const;
export type CropRatioLabel = (typeof cropRatios)[number]['label'];

/** A centred selection of the ratio, 90% of the side that limits it (free: 90% of each side). */
export function initialCrop(image: Pick<ItemImage, 'width' | 'height'>, aspect: number | undefined): PercentCrop {
  if (!aspect) return { unit: '%', x: 5, y: 5, width: 90, height: 90 };
  const wider = image.width / image.height > aspect;
  const size: Pick<PercentCrop, 'unit'> & Partial<PercentCrop> = wider ? { unit: '%', height: 90 } : { unit: '%', width: 90 };
  return centerCrop(makeAspectCrop(size, aspect, image.width, image.height), image.width, image.height);
}

/**
 * The selection in the stored image's own pixels, inside the image and at least the minimum; for a fixed ratio the
 * rounding keeps the ratio (1:1 stays square).
 */
export function toSourceRegion(crop: PercentCrop, image: Pick<ItemImage, 'width' | 'height'>, aspect: number | undefined): CropImageBody {
  const clamp = (value: number, min: number, max: number) => Math.min(Math.max(value, min), max);
  let width = clamp(Math.round((crop.width / 100) * image.width), CROP_MIN_PX, image.width);
  let height = clamp(Math.round((crop.height / 100) * image.height), CROP_MIN_PX, image.height);
  if (aspect) {
    height = Math.round(width / aspect);
    if (height > image.height) {
      height = image.height;
      width = Math.round(height * aspect);
    }
  }
  const x = clamp(Math.round((crop.x / 100) * image.width), 0, image.width - width);
  const y = clamp(Math.round((crop.y / 100) * image.height), 0, image.height - height);
  return { x, y, width, height };
}

const aspectOf = (ratio: CropRatioLabel) => cropRatios.find((r) => r.label === ratio)?.aspect;

/** What the crop tool is set to: the ratio (and its aspect), the selection being dragged, and the grid. */
export function useCropTool() {
  const [ratio, setRatio] = useState<CropRatioLabel>('Free');
  const [crop, setCrop] = useState<PercentCrop | undefined>(undefined);
  const [grid, setGrid] = useState(false);
  return {
    ratio,
    aspect: aspectOf(ratio),
    crop,
    setCrop,
    clearCrop: () => setCrop(undefined),
    grid,
    toggleGrid: () => setGrid((on) => !on),
    /** A ratio starts a centred selection of it on `image`. */
    chooseRatio(label: CropRatioLabel, image: ItemImage | undefined) {
      setRatio(label);
      if (image) setCrop(initialCrop(image, aspectOf(label)));
    },
  };
}

export type CropTool = ReturnType<typeof useCropTool>;

interface PhotoCropperProps {
  image: ItemImage;
  tool: CropTool;
  disabled: boolean;
}

/**
 * react-image-crop over the stored display image: corner and edge handles (edge handles only for a free ratio),
 * keyboard nudging, an optional rule-of-thirds grid, never smaller than 50 px of the stored image.
 */
export function PhotoCropper({ image, tool, disabled }: PhotoCropperProps) {
  const [shownScale, setShownScale] = useState(1);
  const minShown = Math.ceil(CROP_MIN_PX * shownScale);
  return (
    <ReactCrop
      crop={tool.crop}
      onChange={(_pixels, percent) => tool.setCrop(percent)}
      aspect={tool.aspect}
      ruleOfThirds={tool.grid}
      minWidth={minShown}
      minHeight={minShown}
      keepSelection
      disabled={disabled}
      // react-image-crop's stylesheet gives the image `max-height: inherit`: the limit goes on the crop box.
      className="max-h-[38dvh] max-w-full sm:max-h-[50dvh]"
    >
      <img
        src={image.url}
        alt="Being edited"
        data-testid="crop-image"
        onLoad={(event) => setShownScale(event.currentTarget.width / image.width || 1)}
        className="block w-auto max-w-full object-contain"
      />
    </ReactCrop>
  );
}
