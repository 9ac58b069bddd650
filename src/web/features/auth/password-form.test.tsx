import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { passwordMessages } from '@shared/domain/password';
import { PasswordForm } from './password-form';

afterEach(cleanup);

const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
const submit = () => fireEvent.click(screen.getByRole('button', { name: 'Change Password' }));

function renderForm(askCurrent = true) {
  const onSubmit = vi.fn();
  const onInvalid = vi.fn();
  render(<PasswordForm askCurrent={askCurrent} submitLabel="Change Password" pending={false} onSubmit={onSubmit} onInvalid={onInvalid} />);
  return { onSubmit, onInvalid };
}

describe('PasswordForm', () => {
  it('says every problem at once and sends nothing', async () => {
    const { onSubmit, onInvalid } = renderForm();
    type('New password', 'abc');
    submit();
    expect(await screen.findByText('Enter your current password')).toBeTruthy();
    expect(screen.getByText(passwordMessages.tooShort)).toBeTruthy();
    expect(screen.getByLabelText('New password').getAttribute('aria-invalid')).toBe('true');
    expect(onInvalid).toHaveBeenCalledOnce();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('refuses a common password and a confirmation that differs, in the server’s words', async () => {
    const { onSubmit } = renderForm(false);
    type('New password', 'password');
    type('Confirm new password', 'password');
    submit();
    expect(await screen.findByText(passwordMessages.tooCommon)).toBeTruthy();
    type('New password', 'a-long-secret-9');
    type('Confirm new password', 'a-long-secret-8');
    submit();
    expect(await screen.findByText(passwordMessages.mismatch)).toBeTruthy();
    expect(screen.queryByText(passwordMessages.tooCommon)).toBeNull();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('sends the current and the new password when both are right', async () => {
    const { onSubmit } = renderForm();
    type('Current password', 'old-secret-1');
    type('New password', 'a-long-secret-9');
    type('Confirm new password', 'a-long-secret-9');
    submit();
    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith({ currentPassword: 'old-secret-1', newPassword: 'a-long-secret-9' }));
  });
});
