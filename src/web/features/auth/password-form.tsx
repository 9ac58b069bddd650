import { useState, type FormEvent, type ReactNode } from 'react';
import { passwordProblem } from '@shared/domain/password';
import { Button } from '@/components/button';
import { TextField } from '@/components/text-field';

export interface PasswordFormValues {
  currentPassword: string;
  newPassword: string;
}

/** New password + confirmation (and optionally the current one), checked with the spec's rules before submit. */
export function PasswordForm(props: {
  askCurrent?: boolean;
  submitLabel: string;
  pending: boolean;
  notice?: ReactNode;
  onSubmit: (values: PasswordFormValues) => void;
  /** The form's own checks refused a submit: the server's previous answer (an "Invalid password") is stale now. */
  onInvalid?: () => void;
}) {
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [confirm, setConfirm] = useState('');
  const [errors, setErrors] = useState<{ current?: string | null; next?: string | null; confirm?: string | null }>({});

  function submit(event: FormEvent) {
    event.preventDefault();
    const nextProblem = passwordProblem(next);
    const found = {
      current: props.askCurrent && !current ? 'Enter your current password' : null,
      next: nextProblem,
      confirm: nextProblem ? null : passwordProblem(next, confirm),
    };
    setErrors(found);
    if (found.current || found.next || found.confirm) return props.onInvalid?.();
    props.onSubmit({ currentPassword: current, newPassword: next });
  }

  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-4">
      {props.notice}
      {props.askCurrent && (
        <TextField
          label="Current password"
          type="password"
          autoComplete="current-password"
          value={current}
          onChange={(e) => setCurrent(e.target.value)}
          error={errors.current}
        />
      )}
      <TextField
        label="New password"
        type="password"
        autoComplete="new-password"
        value={next}
        onChange={(e) => setNext(e.target.value)}
        error={errors.next}
        hint="At least 6 characters"
      />
      <TextField
        label="Confirm new password"
        type="password"
        autoComplete="new-password"
        value={confirm}
        onChange={(e) => setConfirm(e.target.value)}
        error={errors.confirm}
      />
      <Button type="submit" size="lg" loading={props.pending}>
        {props.submitLabel}
      </Button>
    </form>
  );
}
