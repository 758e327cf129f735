import { useState } from 'react';
import {
  type TwoFactorEnrolment,
  twoFactorConfirmedSchema,
  twoFactorEnrolmentSchema,
} from '../../common/api/admin-two-factor.ts';
import { QrCode } from '../ui/qr-code.tsx';
import { Spinner } from '../ui/spinner.tsx';
import { RecoveryCodesList } from './recovery-codes-list.tsx';
import { SecondFactorCode } from './second-factor-code.tsx';
import { postTwoFactor } from './two-factor-api.ts';

type Enrolling =
  | { step: 'offer'; error?: string; busy: boolean }
  | { step: 'scan'; enrolment: TwoFactorEnrolment }
  | { step: 'codes'; recoveryCodes: string[] };

/** The secret in groups of four, as authenticator apps show typed keys. */
const grouped = (secret: string) => secret.match(/.{1,4}/g)?.join(' ') ?? secret;

/**
 * First sign-in of a role that needs a second factor: the admin asks for a secret (a button, so a page
 * rendered twice never makes two), scans its QR code or types it, confirms with a code, and is shown the
 * recovery codes this once before going on.
 */
export function TotpEnrolment({ onDone }: { onDone(): void }) {
  const [state, setState] = useState<Enrolling>({ step: 'offer', busy: false });

  async function start() {
    setState({ step: 'offer', busy: true });
    const started = await postTwoFactor('/enrol', twoFactorEnrolmentSchema, {});
    setState(
      started.ok
        ? { step: 'scan', enrolment: started.body }
        : { step: 'offer', busy: false, error: started.error },
    );
  }

  async function confirm(code: string) {
    const confirmed = await postTwoFactor('/confirm', twoFactorConfirmedSchema, { code });
    if (!confirmed.ok) return confirmed.error;
    setState({ step: 'codes', recoveryCodes: confirmed.body.recoveryCodes });
    return undefined;
  }

  switch (state.step) {
    case 'offer':
      return (
        <div className="mt-4 space-y-3 text-slate-300 text-sm">
          {state.error && (
            <div role="alert" className="rounded border border-red-500 bg-red-950/80 px-3 py-2 text-red-200">
              {state.error}
            </div>
          )}
          <p>Your role signs in with a second factor. Set up an authenticator app to continue.</p>
          <button
            type="button"
            disabled={state.busy}
            onClick={start}
            className="flex w-full items-center justify-center gap-2 rounded bg-cyan-500 px-4 py-2 font-bold text-slate-950 hover:bg-cyan-400 disabled:opacity-60"
          >
            {state.busy && <Spinner />}
            Set Up Authenticator
          </button>
        </div>
      );
    case 'scan':
      return (
        <div className="mt-4 space-y-3 text-slate-300 text-sm">
          <p>Scan this code with your authenticator app, or type the key, then enter the code it shows.</p>
          <div className="flex justify-center">
            <QrCode
              text={state.enrolment.otpauthUri}
              size={192}
              label="QR code of your authenticator key"
              testId="totp-qr"
            />
          </div>
          <p className="text-center">
            Key:{' '}
            <code data-testid="totp-secret" className="break-all font-mono text-cyan-200">
              {grouped(state.enrolment.secret)}
            </code>
          </p>
          <SecondFactorCode
            label="Authentication code"
            placeholder="6-digit code"
            submitLabel="Confirm"
            onSubmit={confirm}
          />
        </div>
      );
    case 'codes':
      return (
        <div className="mt-4 space-y-3 text-slate-300 text-sm">
          <p role="status">
            Two-factor sign-in is on. Save these recovery codes now: each signs you in once if you lose your
            authenticator, and they are not shown again.
          </p>
          <RecoveryCodesList codes={state.recoveryCodes} />
          <button
            type="button"
            onClick={onDone}
            className="w-full rounded bg-cyan-500 px-4 py-2 font-bold text-slate-950 hover:bg-cyan-400"
          >
            I Saved Them, Continue
          </button>
        </div>
      );
    default: {
      const never: never = state;
      return never;
    }
  }
}
