import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/test/render-with-providers';
import { SignInScreen } from './sign-in-screen';

/**
 * After sign-up the toast said "Account created! You can now sign in." while the seller was signed in. It
 * says what is true (decision 134): signed in, or, when that sign-in failed, that they can sign in now.
 */
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function answering(signIn: number) {
  vi.stubGlobal('fetch', async (input: RequestInfo | URL) => {
    const url = String(input);
    if (url.includes('/sign-up/')) return Response.json({ user: { id: 'u1' } });
    if (url.includes('/sign-in/'))
      return Response.json(signIn === 200 ? { user: { id: 'u1' } } : { message: 'Try later' }, { status: signIn });
    return Response.json(null);
  });
}

async function signUp() {
  renderWithProviders(<SignInScreen />, { route: {} });
  fireEvent.click(screen.getByRole('button', { name: 'Create an account' }));
  fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'new@example.com' } });
  fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'secret-123-long' } });
  fireEvent.click(screen.getByRole('button', { name: 'Create Account' }));
}

describe('the words after sign-up', () => {
  it('say the new seller is signed in when they are', async () => {
    answering(200);
    await signUp();
    expect(await screen.findByText('Account created! You are signed in.')).toBeTruthy();
    expect(screen.queryByText('Account created! You can now sign in.')).toBeNull();
  });

  it('say they can sign in now when the sign-in after it failed', async () => {
    answering(503);
    await signUp();
    expect(await screen.findByText('Account created! You can now sign in.')).toBeTruthy();
    expect(screen.queryByText('Account created! You are signed in.')).toBeNull();
  });
});
