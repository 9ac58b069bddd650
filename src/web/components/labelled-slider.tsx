import { useId } from 'react';
import { Slider } from 'radix-ui';
import { cn } from '../lib/cn';

interface LabelledSliderProps {
  label: string;
  value: number;
  min: number;
  max: number;
  step: number;
  onChange: (value: number) => void;
  /** On dark surfaces (camera, photo editor). */
  tone?: 'light' | 'dark';
  className?: string;
}

const signed = (value: number, min: number) => (min < 0 && value > 0 ? `+${value}` : String(value));

/** A Radix slider with its label and current value (keyboard: arrows, Page Up/Down, Home/End). */
export function LabelledSlider({ label, value, min, max, step, onChange, tone = 'light', className }: LabelledSliderProps) {
  const id = useId();
  const dark = tone === 'dark';
  return (
    <div className={cn('flex flex-col gap-1.5', className)}>
      <div className="flex items-center justify-between text-xs font-medium">
        <span id={id} className={dark ? 'text-white/85' : 'text-slate-700'}>
          {label}
        </span>
        <span className={cn('tabular-nums', dark ? 'text-white' : 'text-slate-900')} data-testid={`${label.toLowerCase()}-value`}>
          {signed(value, min)}
        </span>
      </div>
      <Slider.Root
        value={[value]}
        min={min}
        max={max}
        step={step}
        onValueChange={([next]) => next !== undefined && onChange(next)}
        className="relative flex h-11 w-full touch-none select-none items-center"
      >
        <Slider.Track className={cn('relative h-1.5 grow overflow-hidden rounded-full', dark ? 'bg-white/25' : 'bg-slate-200')}>
          <Slider.Range className={cn('absolute h-full', dark ? 'bg-white' : 'bg-indigo-600')} />
        </Slider.Track>
        {/* A 44 px touch target around the 20 px knob. */}
        <Slider.Thumb
          aria-labelledby={id}
          data-testid="slider-thumb"
          className="group flex size-11 items-center justify-center rounded-full outline-none"
        >
          <span
            className={cn(
              'block size-5 rounded-full border-2 shadow transition group-focus-visible:ring-4',
              dark
                ? 'border-white bg-indigo-500 group-focus-visible:ring-white/40'
                : 'border-white bg-indigo-600 group-focus-visible:ring-indigo-200',
            )}
          />
        </Slider.Thumb>
      </Slider.Root>
    </div>
  );
}
