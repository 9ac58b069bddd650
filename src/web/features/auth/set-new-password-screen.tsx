import { useEffect } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { paths } from '@/app/config/paths';
import { Alert } from '@/components/alert';
import { useResetPassword } from './api/reset-password';
import { AuthLayout } from './auth-layout';
import { ErrorNotice } from './error-notice';
import { PasswordForm } from './password-form';

const invalidLink = 'This reset link is invalid or has expired. Please request a new one.';

/** Opened from the reset e-mail (`/reset-password?token=...`); on success goes on to the dashboard. */
export function SetNewPasswordScreen() {
  const [params] = useSearchParams();
  const token = params.get('token');
  const reset = useResetPassword();
  const navigate = useNavigate();

  useEffect(() => {
    if (!reset.isSuccess) return;
    const timer = setTimeout(() => void navigate(paths.dashboard, { replace: true }), 1500);
    return () => clearTimeout(timer);
  }, [reset.isSuccess, navigate]);

  if (!token || params.get('error')) {
    return (
      <AuthLayout title="Set New Password">
        <Alert tone="error">{invalidLink}</Alert>
        <Link
          to={`${paths.dashboard}?auth=reset`}
          className="mt-4 inline-block text-sm font-semibold text-indigo-600 hover:text-indigo-700"
        >
          Request a new reset link
        </Link>
      </AuthLayout>
    );
  }

  if (reset.isSuccess) {
    return (
      <AuthLayout title="Set New Password">
        <Alert tone="success" title="Password Updated!">
          Taking you to your dashboard...
        </Alert>
      </AuthLayout>
    );
  }

  return (
    <AuthLayout title="Set New Password" subtitle="Choose a new password for your account.">
      <PasswordForm
        submitLabel="Update Password"
        pending={reset.isPending}
        notice={reset.error ? <ErrorNotice error={reset.error} /> : undefined}
        onSubmit={({ newPassword }) => reset.mutate({ token, newPassword })}
        onInvalid={() => reset.reset()}
      />
    </AuthLayout>
  );
}
