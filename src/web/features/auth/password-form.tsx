import { zodResolver } from '@hookform/resolvers/zod';
import type { ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { newPassword } from '@shared/contracts/account';
import { passwordMessages } from '@shared/domain/password';
import { Button } from '@/components/button';
import { TextField } from '@/components/text-field';

export interface PasswordFormValues {
  currentPassword: string;
  newPassword: string;
}

/** The new password by the server's own rule, typed twice; the current one when asked for. */
function passwordSchema(askCurrent: boolean) {
  return z.object({ current: z.string(), next: z.string(), confirm: z.string() }).superRefine((values, ctx) => {
    // Every field's problem at once, so the new password's is checked here and not as a field of its own.
    if (askCurrent && !values.current) ctx.addIssue({ code: 'custom', path: ['current'], message: 'Enter your current password' });
    const next = newPassword.safeParse(values.next);
    if (!next.success)
      ctx.addIssue({ code: 'custom', path: ['next'], message: next.error.issues[0]?.message ?? passwordMessages.tooShort });
    else if (values.confirm !== values.next) ctx.addIssue({ code: 'custom', path: ['confirm'], message: passwordMessages.mismatch });
  });
}
type PasswordFields = z.infer<ReturnType<typeof passwordSchema>>;

interface PasswordField {
  name: keyof PasswordFields;
  label: string;
  autoComplete: string;
  hint?: string;
}

/** The form's fields in order; the current password only where it is asked for. */
const passwordFields: readonly PasswordField[] = [
  { name: 'current', label: 'Current password', autoComplete: 'current-password' },
  { name: 'next', label: 'New password', autoComplete: 'new-password', hint: 'At least 6 characters' },
  { name: 'confirm', label: 'Confirm new password', autoComplete: 'new-password' },
];

/** New password + confirmation (and optionally the current one), checked with the server's rules before submit. */
export function PasswordForm(props: {
  askCurrent?: boolean;
  submitLabel: string;
  pending: boolean;
  notice?: ReactNode;
  onSubmit: (values: PasswordFormValues) => void;
  /** The form's own checks refused a submit: the server's previous answer (an "Invalid password") is stale now. */
  onInvalid?: () => void;
}) {
  const { register, handleSubmit, formState } = useForm<PasswordFields>({
    resolver: zodResolver(passwordSchema(Boolean(props.askCurrent))),
    defaultValues: { current: '', next: '', confirm: '' },
  });
  const { errors } = formState;
  const submit = handleSubmit(
    (values) => props.onSubmit({ currentPassword: values.current, newPassword: values.next }),
    () => props.onInvalid?.(),
  );

  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="flex flex-col gap-4">
      {props.notice}
      {passwordFields
        .filter(({ name }) => props.askCurrent || name !== 'current')
        .map(({ name, label, autoComplete, hint }) => (
          <TextField
            key={name}
            label={label}
            type="password"
            autoComplete={autoComplete}
            {...register(name)}
            error={errors[name]?.message}
            hint={hint}
          />
        ))}
      <Button type="submit" size="lg" loading={props.pending}>
        {props.submitLabel}
      </Button>
    </form>
  );
}
