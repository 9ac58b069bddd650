import { SIMULATED_EBAY_LABEL } from '@shared/domain/simulated-ebay';
import { e2eEnv } from './support/e2e-env';
import { expect, readOutbox, test, uniqueEmail } from './support/fixtures';

test.skip(({ isMobile }) => isMobile, 'a flow runs once: on the desktop; its screens are checked on the phone elsewhere (decision 135)');

test.describe('accounts', () => {
  test('sign up signs in; sign out, sign in, reload keeps the session, sign out', async ({ page }) => {
    const email = uniqueEmail('signup');
    await page.goto('/');
    await page.getByRole('button', { name: 'Create an account' }).click();
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill('secret-123');
    await page.getByRole('button', { name: 'Create Account' }).click();
    // The new seller is signed in at once (decision 065), and told so (decision 134).
    await expect(page.getByTestId('toasts')).toContainText('Account created! You are signed in.');
    await expect(page.getByText('No product batches yet')).toBeVisible();
    await expect(page.getByTestId('staged-count')).toHaveText('0 staged');
    await page.getByRole('button', { name: 'Sign Out' }).click();

    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill('secret-123');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page.getByText('No product batches yet')).toBeVisible();
    await expect(page.getByText('Resale Studio')).toBeVisible();
    await expect(page.getByTestId('staged-count')).toHaveText('0 staged');

    await page.reload();
    await expect(page.getByText('No product batches yet')).toBeVisible();

    await page.getByRole('button', { name: 'Sign Out' }).click();
    await expect(page.getByRole('button', { name: 'Sign In' })).toBeVisible();
    await page.reload();
    await expect(page.getByRole('button', { name: 'Sign In' })).toBeVisible();
  });

  test('an existing account, a wrong password and bad input get clear messages', async ({ page, user }) => {
    await page.goto('/');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page.getByText('Enter your email address')).toBeVisible();
    await expect(page.getByText('Enter your password')).toBeVisible();

    await page.getByLabel('Email').fill('not-an-email');
    await page.getByLabel('Password').fill('whatever');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page.getByText('Enter a valid email address')).toBeVisible();

    await page.getByLabel('Email').fill(user.email);
    await page.getByLabel('Password').fill('wrong-password');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page.getByRole('alert')).toHaveText('Invalid email or password');

    await page.getByRole('button', { name: 'Create an account' }).click();
    await page.getByLabel('Email').fill(user.email);
    await page.getByLabel('Password').fill('12345');
    await page.getByRole('button', { name: 'Create Account' }).click();
    await expect(page.getByText('Password must be at least 6 characters')).toBeVisible();
    await page.getByLabel('Password').fill('x'.repeat(10_000));
    await page.getByRole('button', { name: 'Create Account' }).click();
    await expect(page.getByText('Password must be at most 128 characters')).toBeVisible();
    await page.getByLabel('Password').fill('long-enough');
    await page.getByRole('button', { name: 'Create Account' }).click();
    await expect(page.getByRole('alert')).toContainText('already exists');
  });

  test('a network failure shows a retryable message, never a blank screen', async ({ page, user }) => {
    await page.goto('/');
    await page.route('**/api/auth/sign-in/email', (route) => route.abort('internetdisconnected'));
    await page.getByLabel('Email').fill(user.email);
    await page.getByLabel('Password').fill(user.password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page.getByRole('alert')).toContainText("Can't reach Resale Studio");
    await page.unroute('**/api/auth/sign-in/email');
    await page.getByRole('button', { name: 'Try again' }).click();
    await expect(page.getByText('No product batches yet')).toBeVisible();
  });

  test('forgot password through the e-mailed link, set a new password, land on the dashboard', async ({ page, user }) => {
    await page.goto('/');
    await page.getByRole('button', { name: 'Forgot password?' }).click();
    await expect(page.getByLabel('Password')).toHaveCount(0);
    await page.getByLabel('Email').fill(user.email);
    await page.getByRole('button', { name: 'Send Reset Email' }).click();
    await expect(page.getByText('Password reset email sent! Check your inbox for instructions.')).toBeVisible();

    const mail = await readOutbox(user.email);
    expect(mail.subject).toContain('Reset');
    const link = mail.links[0]!;
    await page.goto(link);
    await expect(page).toHaveURL(/\/reset-password\?token=/);
    await expect(page.getByRole('heading', { name: 'Set New Password' })).toBeVisible();

    await page.getByLabel('New password', { exact: true }).fill('12345');
    await page.getByLabel('Confirm new password').fill('12345');
    await page.getByRole('button', { name: 'Update Password' }).click();
    await expect(page.getByText('Password must be at least 6 characters')).toBeVisible();
    await page.getByLabel('New password', { exact: true }).fill('brand-new-pass');
    await page.getByLabel('Confirm new password').fill('brand-new-typo');
    await page.getByRole('button', { name: 'Update Password' }).click();
    await expect(page.getByText('Passwords do not match')).toBeVisible();
    await page.getByLabel('Confirm new password').fill('brand-new-pass');
    await page.getByRole('button', { name: 'Update Password' }).click();
    await expect(page.getByText('Password Updated!')).toBeVisible();
    await expect(page.getByText('No product batches yet')).toBeVisible();
    await expect(page).toHaveURL(/\/$/);

    // the link works once
    await page.goto(link);
    await expect(page.getByText('This reset link is invalid or has expired. Please request a new one.')).toBeVisible();

    // the new password signs in
    await page.context().clearCookies();
    await page.goto('/');
    await page.getByLabel('Email').fill(user.email);
    await page.getByLabel('Password').fill('brand-new-pass');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page.getByText('No product batches yet')).toBeVisible();
  });

  test('change password inside the app', async ({ signedInPage: page, user }) => {
    await page.goto('/');
    await page.getByRole('button', { name: 'Change Password' }).click();
    await expect(page).toHaveURL(/\/change-password$/);
    await page.getByLabel('Current password').fill('not-it');
    await page.getByLabel('New password', { exact: true }).fill('next-password');
    await page.getByLabel('Confirm new password').fill('next-password');
    await page.getByRole('button', { name: 'Update Password' }).click();
    await expect(page.getByRole('alert')).toContainText(/invalid password/i);

    await page.getByLabel('Current password').fill(user.password);
    await page.getByRole('button', { name: 'Update Password' }).click();
    await expect(page.getByText('Password Updated!')).toBeVisible();

    await page.getByRole('button', { name: 'Sign Out' }).click();
    await page.getByLabel('Email').fill(user.email);
    await page.getByLabel('Password').fill('next-password');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page.getByText('No product batches yet')).toBeVisible();
  });
});

test.describe('routes', () => {
  test('a signed-out visit to an in-app route lands on sign-in, and the route shows after signing in', async ({ page, user }) => {
    await page.goto('/change-password');
    await expect(page.getByRole('button', { name: 'Sign In' })).toBeVisible();
    await page.getByLabel('Email').fill(user.email);
    await page.getByLabel('Password').fill(user.password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page.getByRole('heading', { name: 'Change Password' })).toBeVisible();
  });

  test('dashboard buttons lead to their routes and back works', async ({ signedInPage: page }) => {
    await page.goto('/');
    await page.getByRole('button', { name: /Create New Product Batch/ }).click();
    await expect(page).toHaveURL(/\/capture$/);
    await page.goBack();
    await page.getByRole('button', { name: /Generate Listings/ }).click();
    await expect(page).toHaveURL(/\/listings$/);
    await expect(page.getByRole('heading', { name: 'Generate Listings' })).toBeVisible();
    await page.goBack();
    await page.getByRole('button', { name: /Publish to eBay/ }).click();
    await expect(page).toHaveURL(/\/ebay$/);
    await expect(page.getByRole('heading', { name: 'eBay Integration' })).toBeVisible();
    await page.reload();
    await expect(page.getByRole('heading', { name: 'eBay Integration' })).toBeVisible();
  });

  // The main server has the fake eBay's keyset; the basic one has no eBay keys and runs the simulated eBay. What a
  // server with the simulation off reports is checked in src/server/diagnostics/diagnostics-without-ebay-keys.test.ts.
  test('env-check shows defaults and set keys without secrets', async ({ page }) => {
    await page.goto(`${e2eEnv.basicBaseURL}/env-check`);
    await expect(page.getByTestId('env-database')).toContainText('Embedded default');
    await expect(page.getByTestId('env-mail')).toContainText('outbox');
    await expect(page.getByTestId('env-ebay-client-id')).toContainText('Not set: the simulated eBay runs instead');
    await expect(page.getByTestId('env-ebay-env')).toContainText(SIMULATED_EBAY_LABEL);
    await page.goto('/env-check');
    await expect(page.getByTestId('env-ebay-client-id')).toContainText('Set');
    await expect(page.locator('body')).not.toContainText(e2eEnv.fakeEbayKeyset.clientSecret);
  });

  test('test-ebay-config reports what to fix, secrets masked', async ({ page }) => {
    // The main server has a keyset over http (the basic one runs the simulated eBay: nothing to fix there).
    await page.goto('/test-ebay-config');
    await page.getByRole('button', { name: 'Test Configuration' }).click();
    await expect(page.getByRole('listitem').filter({ hasText: 'eBay redirects only to an https accept URL' }).last()).toBeVisible();
    await expect(page.locator('body')).not.toContainText(e2eEnv.fakeEbayKeyset.clientSecret);
  });

  test('ebay-callback without a code explains the failure', async ({ page }) => {
    await page.goto('/ebay-callback?error=access_denied');
    await expect(page.getByText('eBay authorization failed: access_denied')).toBeVisible();
    await page.goto('/ebay-callback');
    await expect(page.getByText('No authorization code received from eBay')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Close Window' })).toBeVisible();
  });
});
