import { Alert } from '@/components/alert';
import { Card } from '@/components/card';
import { ViewHeader } from '@/components/view-header';
import { useChangePassword } from './api/change-password';
import { ErrorNotice } from './error-notice';
import { PasswordForm } from './password-form';

export function ChangePasswordView() {
  const change = useChangePassword();
  return (
    <div className="mx-auto w-full max-w-md">
      <ViewHeader title="Change Password" subtitle="Your other devices will be signed out." />
      <Card className="p-6">
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
          onInvalid={() => change.reset()}
        />
      </Card>
    </div>
  );
}
