import { Alert } from '../../components/alert';
import { Card } from '../../components/card';
import { useChangePassword } from './api/change-password';
import { ErrorNotice } from './error-notice';
import { PasswordForm } from './password-form';

export function ChangePasswordView() {
  const change = useChangePassword();
  return (
    <div className="mx-auto w-full max-w-md">
      <h1 className="text-2xl font-bold tracking-tight text-slate-900">Change Password</h1>
      <p className="mt-1 text-sm text-slate-500">Your other devices will be signed out.</p>
      <Card className="mt-6 p-6">
        <PasswordForm
          key={change.isSuccess ? 'done' : 'form'}
          askCurrent
          submitLabel="Update Password"
          pending={change.isPending}
          notice={
            change.isSuccess ? (
              <Alert tone="success">Password Updated!</Alert>
            ) : change.error ? (
              <ErrorNotice error={change.error} />
            ) : undefined
          }
          onSubmit={(values) => change.mutate(values)}
        />
      </Card>
    </div>
  );
}
