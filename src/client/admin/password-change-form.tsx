import { type FormEvent, useState } from 'react';
import { MIN_ADMIN_PASSWORD_LENGTH } from '../../common/api/admin-own-account.ts';
import { Spinner } from '../ui/spinner.tsx';
import { BUTTON } from './admin-dialog.tsx';
import { AdminRequestError } from './admin-fetch.ts';
import { AdminSignedOutError } from './admin-session-gate.ts';
import { useChangePassword } from './use-own-account.ts';

const INPUT =
  'mt-1 w-full rounded border border-slate-600 bg-slate-900 px-2 py-1.5 text-slate-100 text-sm focus:border-cyan-400 focus:outline-none';

type Shown = { kind: 'error' | 'done'; text: string } | null;

function Field(props: {
  id: string;
  label: string;
  value: string;
  onChange(value: string): void;
  autoComplete: string;
  type?: 'password' | 'text';
}) {
  return (
    <div>
      <label htmlFor={props.id} className="block text-slate-300 text-xs">
        {props.label}
      </label>
      <input
        id={props.id}
        type={props.type ?? 'password'}
        required
        autoComplete={props.autoComplete}
        value={props.value}
        onChange={(e) => props.onChange(e.target.value)}
        className={INPUT}
      />
    </div>
  );
}

/**
 * The admin's new password: the current one, the new one twice and, once two-factor sign-in is set up, a
 * code from the app or a recovery code. The server's refusal (wrong password or code, too weak, too many
 * tries) is shown as it says it; on success it says how many other sessions it ended.
 */
export function PasswordChangeForm({ enrolled }: { enrolled: boolean }) {
  const change = useChangePassword();
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [again, setAgain] = useState('');
  const [code, setCode] = useState('');
  const [shown, setShown] = useState<Shown>(null);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (next.length < MIN_ADMIN_PASSWORD_LENGTH) {
      setShown({
        kind: 'error',
        text: `The new password needs at least ${MIN_ADMIN_PASSWORD_LENGTH} characters`,
      });
      return;
    }
    if (next !== again) {
      setShown({ kind: 'error', text: 'The new password and its repetition differ' });
      return;
    }
    setShown(null);
    try {
      const body = {
        currentPassword: current,
        newPassword: next,
        ...(enrolled ? { code: code.trim() } : {}),
      };
      const done = await change.mutateAsync(body);
      setCurrent('');
      setNext('');
      setAgain('');
      setCode('');
      const others = done.endedSessions === 1 ? '1 other session' : `${done.endedSessions} other sessions`;
      setShown({ kind: 'done', text: `Password changed; ${others} ended.` });
    } catch (error) {
      if (error instanceof AdminSignedOutError) return;
      setCode('');
      const text = error instanceof AdminRequestError ? error.message : 'The change failed.';
      setShown({ kind: 'error', text });
    }
  }

  return (
    <form aria-label="Change password" className="space-y-2" noValidate onSubmit={submit}>
      {shown && (
        <p
          role={shown.kind === 'error' ? 'alert' : 'status'}
          className={
            shown.kind === 'error'
              ? 'rounded border border-red-500 bg-red-950/80 px-3 py-2 text-red-200'
              : 'rounded border border-green-600 bg-green-950/60 px-3 py-2 text-green-200'
          }
        >
          {shown.text}
        </p>
      )}
      <Field
        id="account-current-password"
        label="Current password"
        value={current}
        onChange={setCurrent}
        autoComplete="current-password"
      />
      <Field
        id="account-new-password"
        label={`New password (${MIN_ADMIN_PASSWORD_LENGTH}+ characters)`}
        value={next}
        onChange={setNext}
        autoComplete="new-password"
      />
      <Field
        id="account-new-password-again"
        label="New password again"
        value={again}
        onChange={setAgain}
        autoComplete="new-password"
      />
      {enrolled && (
        <Field
          id="account-password-code"
          label="Authentication code or recovery code"
          type="text"
          value={code}
          onChange={setCode}
          autoComplete="one-time-code"
        />
      )}
      <p className="text-slate-400 text-xs">Your other sessions end; this one stays signed in.</p>
      <button
        type="submit"
        disabled={change.isPending}
        className={`${BUTTON.primary} flex items-center gap-2`}
      >
        {change.isPending && <Spinner />}
        Change Password
      </button>
    </form>
  );
}
