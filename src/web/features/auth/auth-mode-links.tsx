import type { AuthMode } from './use-auth-form';

/** 44 px tall on phones (touch target), plain inline text on larger screens. */
const linkClass = 'inline-flex min-h-11 items-center px-1 font-semibold text-indigo-700 hover:text-indigo-800 sm:min-h-0';

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
