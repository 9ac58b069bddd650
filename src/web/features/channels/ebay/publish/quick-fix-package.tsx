import type { PackageWeightAndSize } from '@shared/contracts/publish';
import { TextField } from '@/components/text-field';
import { SelectField } from '@/components/select-field';

/** What the seller types for the parcel: text until Apply reads it. */
export interface PackageInput {
  weight: string;
  weightUnit: 'OUNCE' | 'POUND';
  length: string;
  width: string;
  height: string;
}

export const emptyPackageInput: PackageInput = { weight: '', weightUnit: 'OUNCE', length: '', width: '', height: '' };

export const packageMessages = {
  weight: 'Enter the package weight, a number above 0',
  size: 'Enter the length, width and height in inches, each above 0',
} as const;

const positive = (text: string): number | null => {
  const value = Number(text.trim().replace(',', '.'));
  return text.trim() && Number.isFinite(value) && value > 0 ? value : null;
};

/** The parcel as eBay takes it, or what to fix; null: nothing typed (nothing sent). */
export function readPackageInput(input: PackageInput): { ok: true; value: PackageWeightAndSize | null } | { ok: false; message: string } {
  const typed = [input.weight, input.length, input.width, input.height].some((v) => v.trim());
  if (!typed) return { ok: true, value: null };
  const weight = positive(input.weight);
  if (weight === null) return { ok: false, message: packageMessages.weight };
  const [length, width, height] = [input.length, input.width, input.height].map(positive);
  if (length == null || width == null || height == null) return { ok: false, message: packageMessages.size };
  return { ok: true, value: { weight: { value: weight, unit: input.weightUnit }, dimensions: { length, width, height, unit: 'INCH' } } };
}

/** The parcel's weight and size, asked for when the seller's shipping policy calculates postage from them. */
export function QuickFixPackage({
  value,
  error,
  onChange,
}: {
  value: PackageInput;
  error: string | null;
  onChange(next: PackageInput): void;
}) {
  const set = (patch: Partial<PackageInput>) => onChange({ ...value, ...patch });
  return (
    <fieldset className="flex flex-col gap-2 sm:col-span-2" aria-describedby={error ? 'quick-fix-package-error' : undefined}>
      <legend className="text-sm font-medium text-slate-700">Package (for calculated shipping)</legend>
      <div className="grid grid-cols-2 gap-3 [&>*]:min-w-0">
        <TextField label="Weight" inputMode="decimal" value={value.weight} onChange={(e) => set({ weight: e.target.value })} />
        <SelectField
          label="Unit"
          value={value.weightUnit}
          onChange={(e) => set({ weightUnit: e.target.value as PackageInput['weightUnit'] })}
        >
          <option value="OUNCE">oz</option>
          <option value="POUND">lb</option>
        </SelectField>
      </div>
      <div className="grid grid-cols-3 gap-3 [&>*]:min-w-0">
        <TextField label="Length (in)" inputMode="decimal" value={value.length} onChange={(e) => set({ length: e.target.value })} />
        <TextField label="Width (in)" inputMode="decimal" value={value.width} onChange={(e) => set({ width: e.target.value })} />
        <TextField label="Height (in)" inputMode="decimal" value={value.height} onChange={(e) => set({ height: e.target.value })} />
      </div>
      {error && (
        <p id="quick-fix-package-error" className="text-sm text-red-700" role="alert">
          {error}
        </p>
      )}
    </fieldset>
  );
}
