import { type FormEvent, useState } from 'react';
import { Spinner } from '../ui/spinner.tsx';

export const CODE_INPUT_CLASSES =
  'mt-1 w-full rounded border-2 border-slate-700 bg-slate-900 px-3 py-2 font-mono text-slate-100 tracking-widest placeholder:text-slate-500 placeholder:tracking-normal focus:border-cyan-400 focus:outline-none disabled:opacity-50';

/**
 * One code typed and sent: the six digits of the authenticator app (or, where `recovery` says so, a recovery
 * code). The server's refusal (wrong code, too many attempts) is shown above the field.
 */
export function SecondFactorCode({
  label,
  placeholder,
  submitLabel,
  onSubmit,
}: {
  label: string;
  placeholder: string;
  submitLabel: string;
  /** Sends the code; an error text when it was refused. */
  onSubmit(code: string): Promise<string | undefined>;
}) {
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | undefined>();

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy || code.trim() === '') return;
    setBusy(true);
    const refused = await onSubmit(code.trim());
    setBusy(false);
    setError(refused);
    if (refused) setCode('');
  }

  return (
    <form className="mt-4 space-y-3" noValidate onSubmit={submit}>
      {error && (
        <div
          role="alert"
          className="rounded border border-red-500 bg-red-950/80 px-3 py-2 text-red-200 text-sm"
        >
          {error}
        </div>
      )}
      <label htmlFor="admin-second-factor" className="block text-slate-300 text-sm">
        {label}
      </label>
      <input
        id="admin-second-factor"
        name="code"
        autoComplete="one-time-code"
        inputMode="text"
        required
        placeholder={placeholder}
        value={code}
        disabled={busy}
        onChange={(e) => setCode(e.target.value)}
        className={CODE_INPUT_CLASSES}
      />
      <button
        type="submit"
        disabled={busy}
        className="flex w-full items-center justify-center gap-2 rounded bg-cyan-500 px-4 py-2 font-bold text-slate-950 hover:bg-cyan-400 disabled:opacity-60"
      >
        {busy ? (
          <>
            <Spinner />
            Verifying...
          </>
        ) : (
          submitLabel
        )}
      </button>
    </form>
  );
}
