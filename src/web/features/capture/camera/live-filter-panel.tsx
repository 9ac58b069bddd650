import { LabelledSlider } from '@/components/labelled-slider';
import { noLiveFilters, type LiveFilters } from '../image-adjustments/photo-adjustments';

const sliders = [
  ['brightness', 'Brightness'],
  ['contrast', 'Contrast'],
] as const;

/** Live brightness and contrast (each -50 to 50) and Reset Filters. */
export function LiveFilterPanel({ filters, onChange }: { filters: LiveFilters; onChange: (filters: LiveFilters) => void }) {
  return (
    <section
      aria-label="Live filters"
      className="absolute inset-x-3 top-2 z-10 mx-auto flex max-w-md flex-col gap-3 rounded-2xl bg-black/65 p-4 shadow-lg backdrop-blur-md"
    >
      {sliders.map(([filter, label]) => (
        <LabelledSlider
          key={filter}
          tone="dark"
          label={label}
          min={-50}
          max={50}
          step={1}
          value={filters[filter]}
          onChange={(value) => onChange({ ...filters, [filter]: value })}
        />
      ))}
      <button
        type="button"
        onClick={() => onChange(noLiveFilters)}
        className="self-end rounded-full bg-white/15 px-3 py-1.5 text-sm font-semibold hover:bg-white/25 focus-visible:outline-2 focus-visible:outline-white"
      >
        Reset Filters
      </button>
    </section>
  );
}
