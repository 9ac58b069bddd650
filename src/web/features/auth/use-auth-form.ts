import { useState, type FormEvent } from 'react';
import { passwordProblem } from '@shared/domain/password';
import { useToast } from '@/components/toast';
import { useRequestPasswordReset } from './api/request-password-reset';
import { useSignIn } from './api/sign-in';
import { useSignUp } from './api/sign-up';
import { emailProblem } from './validate-email';

export type AuthMode = 'signin' | 'signup' | 'reset';

/** The spec's line, said where it is true: the sign-in after sign-up failed and the seller signs in by hand. */
export const accountCreated = 'Account created! You can now sign in.';
/** Said once the new seller is signed in (decision 134): "You can now sign in" was not true then. */
export const accountCreatedSignedIn = 'Account created! You are signed in.';
const resetSent = 'Password reset email sent! Check your inbox for instructions.';

function fieldProblems(mode: AuthMode, email: string, password: string) {
  return {
    email: emailProblem(email),
    password: mode === 'reset' ? null : mode === 'signup' ? passwordProblem(password) : password ? null : 'Enter your password',
  };
}

/**
 * The signed-out form's state and rules: which mode it is in, the fields and their problems, the call the mode makes
 * and the success line; switching mode clears the previous mode's errors. Kept by hand, not on react-hook-form and
 * zod as the other forms are (decision 139): the sign-in page's first load holds neither, and the two would add about
 * 33 KB (brotli) to it, past its 150 KB target (124.8 KB; bench/web-delivery.ts).
 */
export function useAuthForm(initialMode: AuthMode) {
  const [mode, setMode] = useState<AuthMode>(initialMode);
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [fieldErrors, setFieldErrors] = useState<{ email?: string | null; password?: string | null }>({});
  const [success, setSuccess] = useState<string | null>(null);
  const signIn = useSignIn();
  const signUp = useSignUp();
  const requestReset = useRequestPasswordReset();
  const active = mode === 'signin' ? signIn : mode === 'signup' ? signUp : requestReset;
  const notify = useToast();

  function switchMode(next: AuthMode) {
    setMode(next);
    setFieldErrors({});
    setSuccess(null);
    signIn.reset();
    signUp.reset();
    requestReset.reset();
  }

  function submit(event?: FormEvent) {
    event?.preventDefault();
    setSuccess(null);
    const errors = fieldProblems(mode, email, password);
    setFieldErrors(errors);
    if (errors.email || errors.password) return;
    const cleanEmail = email.trim();
    if (mode === 'signin') signIn.mutate({ email: cleanEmail, password });
    if (mode === 'signup') {
      signUp.mutate(
        { email: cleanEmail, password },
        {
          // The seller is signed in at once (decision 065) and told so (a toast outlives the switch to the
          // dashboard); the agreed "You can now sign in." only where it is true, when that sign-in fails (decision 134).
          onSuccess: () => {
            // mutateAsync: its answer is heard after the form has made way for the dashboard, where mutate's is not.
            signIn.mutateAsync({ email: cleanEmail, password }).then(
              () => notify('success', accountCreatedSignedIn),
              () => {
                switchMode('signin');
                setSuccess(accountCreated);
              },
            );
          },
        },
      );
    }
    if (mode === 'reset') requestReset.mutate({ email: cleanEmail }, { onSuccess: () => setSuccess(resetSent) });
  }

  return {
    mode,
    email,
    setEmail,
    password,
    setPassword,
    fieldErrors,
    success,
    error: active.error,
    // A new account is signed in straight after: the form stays busy until then.
    pending: active.isPending || (mode === 'signup' && signIn.isPending),
    switchMode,
    submit,
  };
}
