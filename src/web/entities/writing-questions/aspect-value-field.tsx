import type { ReactNode } from 'react';

/**
 * A value a marketplace asks for (eBay's standard Size), picked from its values or typed where it lists
 * none. The autopilot's review and the Generate Listings screen's held item ask with this one field and these words.
 */
export const aspectQuestionWords = {
  choose: 'Choose...',
  pickValue: (name: string) => `Choose a ${name}`,
  typeValue: (name: string) => `Type a ${name}`,
  save: 'Save and go on',
} as const;

export interface AskedAspect {
  name: string;
  /** Empty: any text. */
  allowedValues: string[];
}

const fieldClass =
  'h-11 rounded-xl border border-slate-300 bg-white px-3 text-base text-slate-900 shadow-sm outline-none focus:border-indigo-500 focus:ring-4 focus:ring-indigo-100 sm:h-10 sm:text-sm';

export function AspectValueField({
  id,
  aspect,
  value,
  onChange,
  note,
}: {
  id: string;
  aspect: AskedAspect;
  value: string;
  onChange(value: string): void;
  /** Said under the field (a brand typed as a slip of the label's); its element's id is `${id}-note`. */
  note?: ReactNode;
}) {
  return (
    <div className="flex min-w-36 flex-1 flex-col gap-1 sm:flex-none">
      <label htmlFor={id} className="text-xs font-semibold text-slate-700">
        {aspect.name}
      </label>
      {aspect.allowedValues.length ? (
        <select id={id} value={value} onChange={(e) => onChange(e.target.value)} className={fieldClass}>
          <option value="">{aspectQuestionWords.choose}</option>
          {aspect.allowedValues.map((allowed) => (
            <option key={allowed} value={allowed}>
              {allowed}
            </option>
          ))}
        </select>
      ) : (
        <input
          id={id}
          value={value}
          onChange={(e) => onChange(e.target.value)}
          maxLength={65}
          className={fieldClass}
          aria-describedby={note ? `${id}-note` : undefined}
        />
      )}
      {note}
    </div>
  );
}

/** The first aspect without a value, said as the field asks for it ("Choose a Size"); null: all answered. */
export function missingAspectMessage(aspects: AskedAspect[], values: Record<string, string>): string | null {
  const missing = aspects.find((aspect) => !values[aspect.name]?.trim());
  if (!missing) return null;
  return missing.allowedValues.length ? aspectQuestionWords.pickValue(missing.name) : aspectQuestionWords.typeValue(missing.name);
}
