import { useSearchParams } from 'react-router';
import { Alert } from '@/components/alert';
import { Button } from '@/components/button';
import { SelectField } from '@/components/select-field';
import { TextField } from '@/components/text-field';
import { sellerCountries, sellerRegionOf, type SellerCountry } from '@shared/domain/seller-region';
import { AuthLayout } from './auth-layout';
import { AuthModeLinks } from './auth-mode-links';
import { ErrorNotice } from './error-notice';
import { useAuthForm, type AuthMode } from './use-auth-form';

const titles: Record<AuthMode, { title: string; subtitle: string; submit: string }> = {
  signin: { title: 'Sign in', subtitle: 'Welcome back. Sign in to manage your inventory.', submit: 'Sign In' },
  signup: { title: 'Create account', subtitle: 'Start turning photos into listings.', submit: 'Create Account' },
  reset: { title: 'Reset password', subtitle: "Enter your email and we'll send you a reset link.", submit: 'Send Reset Email' },
};

/** Sign in, create account and forgot password: three modes switched by links. */
export function SignInScreen() {
  const [params] = useSearchParams();
  const form = useAuthForm(params.get('auth') === 'reset' ? 'reset' : 'signin');
  const { mode } = form;
  const { title, subtitle, submit: submitLabel } = titles[mode];
  return (
    <AuthLayout title={title} subtitle={subtitle}>
      <form noValidate onSubmit={form.submit} className="flex flex-col gap-4">
        {form.success && <Alert tone="success">{form.success}</Alert>}
        {form.error && <ErrorNotice error={form.error} onRetry={() => form.submit()} />}
        <TextField
          label="Email"
          type="email"
          name="email"
          autoComplete="email"
          inputMode="email"
          autoCapitalize="none"
          maxLength={320}
          value={form.email}
          onChange={(e) => form.setEmail(e.target.value)}
          error={form.fieldErrors.email}
        />
        {mode !== 'reset' && (
          <TextField
            label="Password"
            type="password"
            name="password"
            autoComplete={mode === 'signup' ? 'new-password' : 'current-password'}
            maxLength={1024}
            value={form.password}
            onChange={(e) => form.setPassword(e.target.value)}
            error={form.fieldErrors.password}
            hint={mode === 'signup' ? 'At least 6 characters' : undefined}
          />
        )}
        {mode === 'signup' && (
          <SelectField
            label="Where you sell from"
            name="country"
            value={form.country}
            onChange={(e) => form.setCountry(e.target.value as SellerCountry)}
            hint={`Prices, costs, fees and profit in ${sellerRegionOf(form.country).currency}. You can change it later under Marketplaces.`}
          >
            {sellerCountries.map((code) => (
              <option key={code} value={code}>
                {sellerRegionOf(code).label}
              </option>
            ))}
          </SelectField>
        )}
        {mode === 'signin' && (
          <button
            type="button"
            className="-mt-2 self-end text-sm font-medium text-indigo-600 hover:text-indigo-700"
            onClick={() => form.switchMode('reset')}
          >
            Forgot password?
          </button>
        )}
        <Button type="submit" size="lg" loading={form.pending}>
          {submitLabel}
        </Button>
      </form>
      <AuthModeLinks mode={mode} onSwitch={form.switchMode} />
    </AuthLayout>
  );
}
