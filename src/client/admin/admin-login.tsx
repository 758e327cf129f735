import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useLocation } from 'wouter';
import { ADMIN_PRODUCT_NAME } from '../site.ts';
import { Spinner } from '../ui/spinner.tsx';
import { ADMIN_USER_URL, postAdminLogin } from './admin-api.ts';
import { type LoginFieldErrors, validateAdminLogin } from './login-validation.ts';
import { SecondFactorStep } from './second-factor-step.tsx';

/**
 * SPEC §4: idle -> submitting -> success (go to /admin) or failure (error shown, form editable again). A role
 * that signs in with a second factor goes from the password to that step before /admin.
 */
type LoginState =
  | { status: 'idle' }
  | { status: 'submitting' }
  | { status: 'failed'; error: string }
  | { status: 'second-factor'; stage: 'enrol' | 'verify' };

const INPUT_CLASSES =
  'mt-1 w-full rounded border-2 border-slate-700 bg-slate-900 px-3 py-2 text-slate-100 placeholder:text-slate-500 focus:border-cyan-400 focus:outline-none disabled:opacity-50';

/** The admin sign-in screen (SPEC §2 "Admin login"). */
export function AdminLogin() {
  const [, navigate] = useLocation();
  const queryClient = useQueryClient();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [fieldErrors, setFieldErrors] = useState<LoginFieldErrors>({});
  const [state, setState] = useState<LoginState>({ status: 'idle' });
  const submitting = state.status === 'submitting';

  function signedIn() {
    // A cached "not signed in" answer would send the admin straight back here.
    queryClient.removeQueries({ queryKey: [ADMIN_USER_URL] });
    navigate('/admin');
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (submitting) return;
    const errors = validateAdminLogin({ email, password });
    setFieldErrors(errors);
    if (errors.email || errors.password) return;
    setState({ status: 'submitting' });
    const outcome = await postAdminLogin(email.trim(), password);
    if (outcome.ok && outcome.secondFactor) {
      setPassword('');
      setState({ status: 'second-factor', stage: outcome.secondFactor });
    } else if (outcome.ok) {
      signedIn();
    } else {
      setState({ status: 'failed', error: outcome.error });
    }
  }

  return (
    <div className="mt-6 w-full max-w-md rounded-lg border-2 border-cyan-400/50 bg-slate-950/90 p-8 font-retro shadow-cyan-500/10 shadow-lg">
      <h2 className="text-center font-bold text-2xl text-cyan-300">{ADMIN_PRODUCT_NAME}</h2>
      <p className="mt-2 text-center text-slate-400 text-sm">Secure access to the back office system</p>
      {state.status === 'second-factor' ? (
        <SecondFactorStep stage={state.stage} onDone={signedIn} />
      ) : (
        <form className="mt-6 space-y-4" noValidate onSubmit={onSubmit}>
          {state.status === 'failed' && (
            <div
              role="alert"
              className="rounded border border-red-500 bg-red-950/80 px-3 py-2 text-red-200 text-sm"
            >
              {state.error}
            </div>
          )}
          <div>
            <label htmlFor="admin-email" className="block text-slate-300 text-sm">
              Email
            </label>
            <input
              id="admin-email"
              name="email"
              type="email"
              autoComplete="username"
              required
              placeholder="Enter your email"
              value={email}
              disabled={submitting}
              aria-invalid={fieldErrors.email ? true : undefined}
              aria-describedby={fieldErrors.email ? 'admin-email-error' : undefined}
              onChange={(e) => setEmail(e.target.value)}
              className={INPUT_CLASSES}
            />
            {fieldErrors.email && (
              <p id="admin-email-error" className="mt-1 text-red-400 text-xs">
                {fieldErrors.email}
              </p>
            )}
          </div>
          <div>
            <label htmlFor="admin-password" className="block text-slate-300 text-sm">
              Password
            </label>
            <input
              id="admin-password"
              name="password"
              type="password"
              autoComplete="current-password"
              required
              placeholder="Enter your password"
              value={password}
              disabled={submitting}
              aria-invalid={fieldErrors.password ? true : undefined}
              aria-describedby={fieldErrors.password ? 'admin-password-error' : undefined}
              onChange={(e) => setPassword(e.target.value)}
              className={INPUT_CLASSES}
            />
            {fieldErrors.password && (
              <p id="admin-password-error" className="mt-1 text-red-400 text-xs">
                {fieldErrors.password}
              </p>
            )}
          </div>
          <button
            type="submit"
            disabled={submitting}
            className="flex w-full items-center justify-center gap-2 rounded bg-cyan-500 px-4 py-2 font-bold text-slate-950 hover:bg-cyan-400 disabled:opacity-60"
          >
            {submitting ? (
              <>
                <Spinner />
                Authenticating...
              </>
            ) : (
              'Sign In'
            )}
          </button>
        </form>
      )}
    </div>
  );
}
