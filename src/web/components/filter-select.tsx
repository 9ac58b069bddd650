/**
 * A list's filter as a native select named by `label`: first "All …" (the value '', no filter), then each of
 * `choices` in its words.
 */
export function FilterSelect<T extends string>({
  label,
  all,
  value,
  choices,
  wordsOf,
  onChange,
  className,
}: {
  label: string;
  /** The first option's words ("All statuses"). */
  all: string;
  value: T | '';
  choices: readonly T[];
  wordsOf(choice: T): string;
  onChange(value: T | ''): void;
  className: string;
}) {
  return (
    <select aria-label={label} value={value} onChange={(event) => onChange(event.target.value as T | '')} className={className}>
      <option value="">{all}</option>
      {choices.map((choice) => (
        <option key={choice} value={choice}>
          {wordsOf(choice)}
        </option>
      ))}
    </select>
  );
}
