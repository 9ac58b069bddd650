import { useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import { passwordProblem } from '../../../shared/domain/password';
import { Alert } from '../../components/alert';
import { Button } from '../../components/button';
import { TextField } from '../../components/text-field';
import { useRequestPasswordReset } from './api/request-password-reset';
import { useSignIn } from './api/sign-in';
import { useSignUp } from './api/sign-up';
import { AuthLayout } from './auth-layout';
import { ErrorNotice } from './error-notice';
import { emailProblem } from './validate-email';

type Mode = 'signin' | 'signup' | 'reset';

const titles: Record<Mode, { title: string; subtitle: string; submit: string }> = {
  signin: { title: 'Sign in', subtitle: 'Welcome back. Sign in to manage your inventory.', submit: 'Sign In' },
  signup: { title: 'Create account', subtitle: 'Start turning photos into listings.', submit: 'Create Account' },
  reset: { title: 'Reset password', subtitle: "Enter your email and we'll send you a reset link.", submit: 'Send Reset Email' },
};

/** Sign in, create account and forgot password: three modes switched by links (spec §2). */
export function SignInScreen() {
  const [params] = useSearchParams();
  const [mode, setMode] = useState<Mode>(params.get('auth') === 'reset' ? 'reset' : 'signin');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [fieldErrors, setFieldErrors] = useState<{ email?: string | null; password?: string | null }>({});
  const [success, setSuccess] = useState<string | null>(null);
  const signIn = useSignIn();
  const signUp = useSignUp();
  const requestReset = useRequestPasswordReset();
  const active = mode === 'signin' ? signIn : mode === 'signup' ? signUp : requestReset;

  function switchMode(next: Mode) {
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
    const errors = {
      email: emailProblem(email),
      password: mode === 'reset' ? null : mode === 'signup' ? passwordProblem(password) : password ? null : 'Enter your password',
    };
    setFieldErrors(errors);
    if (errors.email || errors.password) return;
    const cleanEmail = email.trim();
    if (mode === 'signin') signIn.mutate({ email: cleanEmail, password });
    if (mode === 'signup') {
      signUp.mutate(
        { email: cleanEmail, password },
        {
          onSuccess: () => {
            switchMode('signin');
            setPassword('');
            setSuccess('Account created! You can now sign in.');
          },
        },
      );
    }
    if (mode === 'reset') {
      requestReset.mutate({ email: cleanEmail }, { onSuccess: () => setSuccess('Password reset email sent! Check your inbox for instructions.') });
    }
  }

  const { title, subtitle, submit: submitLabel } = titles[mode];
  return (
    <AuthLayout title={title} subtitle={subtitle}>
      <form noValidate onSubmit={submit} className="flex flex-col gap-4">
        {success && <Alert tone="success">{success}</Alert>}
        {active.error && <ErrorNotice error={active.error} onRetry={() => submit()} />}
        <TextField
          label="Email"
          type="email"
          name="email"
          autoComplete="email"
          inputMode="email"
          autoCapitalize="none"
          maxLength={320}
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          error={fieldErrors.email}
        />
        {mode !== 'reset' && (
          <TextField
            label="Password"
            type="password"
            name="password"
            autoComplete={mode === 'signup' ? 'new-password' : 'current-password'}
            maxLength={1024}
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            error={fieldErrors.password}
            hint={mode === 'signup' ? 'At least 6 characters' : undefined}
          />
        )}
        {mode === 'signin' && (
          <button type="button" className="-mt-2 self-end text-sm font-medium text-indigo-600 hover:text-indigo-700" onClick={() => switchMode('reset')}>
            Forgot password?
          </button>
        )}
        <Button type="submit" size="lg" loading={active.isPending}>
          {submitLabel}
        </Button>
      </form>
      <div className="mt-6 border-t border-slate-100 pt-4 text-center text-sm text-slate-600">
        {mode === 'signin' ? (
          <>
            New to Resale Studio?{' '}
            <button type="button" className="font-semibold text-indigo-600 hover:text-indigo-700" onClick={() => switchMode('signup')}>
              Create an account
            </button>
          </>
        ) : (
          <>
            {mode === 'signup' ? 'Already have an account?' : 'Remembered it?'}{' '}
            <button type="button" className="font-semibold text-indigo-600 hover:text-indigo-700" onClick={() => switchMode('signin')}>
              Back to sign in
            </button>
          </>
        )}
      </div>
    </AuthLayout>
  );
}
