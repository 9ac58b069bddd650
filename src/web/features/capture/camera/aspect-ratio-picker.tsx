import { ToggleGroup } from 'radix-ui';
import { aspectRatios, type AspectRatio } from './aspect-ratio';

/** 16:9 (default), 4:3, 1:1; changing it restarts the camera. */
export function AspectRatioPicker({ value, onChange }: { value: AspectRatio; onChange: (ratio: AspectRatio) => void }) {
  return (
    <ToggleGroup.Root
      type="single"
      value={value}
      onValueChange={(next) => next && onChange(next as AspectRatio)}
      aria-label="Aspect ratio"
      className="mx-auto flex w-fit rounded-full bg-white/15 p-1 backdrop-blur-sm"
    >
      {aspectRatios.map((ratio) => (
        <ToggleGroup.Item
          key={ratio}
          value={ratio}
          aria-label={`Aspect ratio ${ratio}`}
          className="min-w-14 rounded-full px-3 py-1.5 text-sm font-semibold tabular-nums text-white/80 transition data-[state=on]:bg-white data-[state=on]:text-neutral-900 focus-visible:outline-2 focus-visible:outline-white"
        >
          {ratio}
        </ToggleGroup.Item>
      ))}
    </ToggleGroup.Root>
  );
}
