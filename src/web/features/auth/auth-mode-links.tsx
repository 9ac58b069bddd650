import type { AuthMode } from './use-auth-form';

const linkClass = 'font-semibold text-indigo-600 hover:text-indigo-700';

/** Below the form: Create an account from sign-in, Back to sign in from the other two modes. */
export function AuthModeLinks({ mode, onSwitch }: { mode: AuthMode; onSwitch(mode: AuthMode): void }) {
  return (
    <div className="mt-6 border-t border-slate-100 pt-4 text-center text-sm text-slate-600">
      {mode === 'signin' ? (
        <>
          New to Resale Studio?{' '}
          <button type="button" className={linkClass} onClick={() => onSwitch('signup')}>
            Create an account
          </button>
        </>
      ) : (
        <>
          {mode === 'signup' ? 'Already have an account?' : 'Remembered it?'}{' '}
          <button type="button" className={linkClass} onClick={() => onSwitch('signin')}>
            Back to sign in
          </button>
        </>
      )}
    </div>
  );
}
