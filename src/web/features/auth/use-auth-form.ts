import { useState, type FormEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { sellerRegionRoutes } from '@shared/contracts/seller-region-routes';
import { passwordProblem } from '@shared/domain/password';
import type { SellerCountry } from '@shared/domain/seller-region';
import { apiRequest } from '@/lib/api-client';
import { useToast } from '@/components/toast';
import { useRequestPasswordReset } from './api/request-password-reset';
import { sessionQueryKey } from './api/session';
import { useSignIn } from './api/sign-in';
import { useSignUp } from './api/sign-up';
import { browserCountry } from './browser-country';
import { emailProblem } from './validate-email';
import { tell } from '@/lib/told';

export type AuthMode = 'signin' | 'signup' | 'reset';

/** The spec's line, said where it is true: the sign-in after sign-up failed and the seller signs in by hand. */
export const accountCreated = 'Account created! You can now sign in.';
/** Said once the new seller is signed in (decision 134): "You can now sign in" was not true then. */
export const accountCreatedSignedIn = 'Account created! You are signed in.';
/** Said when the account exists but its country could not be saved: the seller can choose it on Marketplaces. */
export const countryNotSaved = 'Your country could not be saved: choose it under Marketplaces, Where you sell from.';
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
  // Where a new seller sells from, offered from the browser's language: their currency from the first screen on.
  const [country, setCountry] = useState<SellerCountry>(() =>
    browserCountry(typeof navigator === 'undefined' ? undefined : navigator.language),
  );
  const [settingUp, setSettingUp] = useState(false);
  const queryClient = useQueryClient();
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

  async function signInThenSetCountry(cleanEmail: string) {
    try {
      await apiRequest('/api/auth/sign-in/email', { method: 'POST', body: { email: cleanEmail, password, rememberMe: true } });
    } catch {
      switchMode('signin');
      setSuccess(accountCreated);
      return;
    }
    const saved = await apiRequest(sellerRegionRoutes.region, { method: 'PUT', body: { country } }).then(
      () => true,
      () => false,
    );
    await queryClient.invalidateQueries({ queryKey: sessionQueryKey });
    notify('success', accountCreatedSignedIn);
    if (!saved) notify('error', countryNotSaved);
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
      tell(
        signUp,
        { email: cleanEmail, password },
        {
          // The seller is signed in at once (decision 065) and told so (a toast outlives the switch to the dashboard);
          // the agreed "You can now sign in." only where it is true, when that sign-in fails (decision 134). Their
          // country is saved before the session is read again, so the first screen is already in their currency.
          onSuccess: () => {
            setSettingUp(true);
            void signInThenSetCountry(cleanEmail).finally(() => setSettingUp(false));
          },
        },
      );
    }
    if (mode === 'reset') tell(requestReset, { email: cleanEmail }, { onSuccess: () => setSuccess(resetSent) });
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
    pending: active.isPending || (mode === 'signup' && settingUp),
    country,
    setCountry,
    switchMode,
    submit,
  };
}
