import type { SessionUser } from '../features/auth/api/session';

const key = 'resale.signed-in-user';

/**
 * The user this browser was last signed in as, so the installed app opens its shell offline when the
 * session cannot be checked. Kept while signed in, removed the moment the session is known to be gone.
 */
export const rememberedUser = {
  get(): SessionUser | null {
    try {
      const stored = JSON.parse(localStorage.getItem(key) ?? 'null') as Partial<SessionUser> | null;
      return stored && typeof stored.id === 'string' && typeof stored.email === 'string'
        ? { id: stored.id, email: stored.email, name: String(stored.name ?? '') }
        : null;
    } catch {
      return null;
    }
  },
  set(user: SessionUser | null) {
    try {
      if (user) localStorage.setItem(key, JSON.stringify({ id: user.id, email: user.email, name: user.name }));
      else localStorage.removeItem(key);
    } catch {
      // Storage refused (private mode): the app works online as before.
    }
  },
};
