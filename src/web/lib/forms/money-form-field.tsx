import { useController, type Control, type FieldPath, type FieldValues } from 'react-hook-form';
import { MoneyField, type MoneyFieldProps } from '@/components/money-field';

type Props<T extends FieldValues, Context, Read extends FieldValues> = Omit<
  MoneyFieldProps,
  'value' | 'onChange' | 'error' | 'name' | 'onBlur'
> & {
  /** The form's control; its schema reads the text (`typedAmount`), so what it submits may be other than text. */
  control: Control<T, Context, Read>;
  name: FieldPath<T>;
  /** `form`: the form says its problems in one message; the field is only marked (default: said under it). */
  problemSaid?: 'field' | 'form';
};

/**
 * The one money field in a react-hook-form form: its text is the form's value (read into Money by the form's
 * `typedAmount` schema), its error the form's. A tapped answer to "which one?" is written the locale's way and
 * checked again at once.
 */
export function MoneyFormField<T extends FieldValues, Context, Read extends FieldValues>({
  control,
  name,
  problemSaid = 'field',
  ...rest
}: Props<T, Context, Read>) {
  const { field, fieldState } = useController({ control, name });
  return (
    <MoneyField
      {...rest}
      ref={field.ref}
      name={field.name}
      value={typeof field.value === 'string' ? field.value : ''}
      onBlur={field.onBlur}
      onChange={(text) => field.onChange(text)}
      error={problemSaid === 'field' ? fieldState.error?.message : undefined}
      invalid={Boolean(fieldState.error)}
    />
  );
}
