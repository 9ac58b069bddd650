/**
 * The Better Auth endpoints the app uses. Better Auth mounts many more under /api/auth (update-user, list-sessions,
 * revoke-session, list-accounts, delete-user, error pages...); none of them is needed by a seller, so they answer 404
 * and add nothing to what a stolen session or a hostile page can reach.
 */
const servedEndpoints: Record<string, 'GET' | 'POST'> = {
  '/api/auth/sign-up/email': 'POST',
  '/api/auth/sign-in/email': 'POST',
  '/api/auth/sign-out': 'POST',
  '/api/auth/get-session': 'GET',
  '/api/auth/request-password-reset': 'POST',
  '/api/auth/reset-password': 'POST',
  '/api/auth/change-password': 'POST',
};

/** The e-mailed reset link: a GET that redirects to the Set New Password page with its token. */
const resetLink = /^\/api\/auth\/reset-password\/[A-Za-z0-9_-]+$/;

/** Whether the app serves this Better Auth endpoint (`path` canonical, see auth-path.ts; HEAD counts as GET). */
export function isServedAuthEndpoint(method: string, path: string): boolean {
  const verb = method === 'HEAD' ? 'GET' : method;
  if (verb === 'GET' && resetLink.test(path)) return true;
  return servedEndpoints[path] === verb;
}
