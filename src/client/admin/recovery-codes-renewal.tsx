import { useState } from 'react';
import { BUTTON } from './admin-dialog.tsx';
import { AdminRequestError } from './admin-fetch.ts';
import { AdminSignedOutError } from './admin-session-gate.ts';
import { RecoveryCodesList } from './recovery-codes-list.tsx';
import { SecondFactorCode } from './second-factor-code.tsx';
import { useRenewRecoveryCodes } from './use-own-account.ts';

/**
 * New recovery codes for an admin with an authenticator: a current code from the app makes them, the old
 * ones stop working, and the new ones are shown this once (as at enrolment), with their .txt download.
 */
export function RecoveryCodesRenewal({ enrolled, account }: { enrolled: boolean; account?: string }) {
  const renew = useRenewRecoveryCodes();
  const [codes, setCodes] = useState<string[] | null>(null);

  if (!enrolled) {
    return <p className="text-slate-400 text-xs">Two-factor sign-in is not set up for your account.</p>;
  }
  if (codes) {
    return (
      <div className="space-y-2">
        <p role="status" className="text-slate-300 text-xs">
          Your old recovery codes no longer work. Save these now: each signs you in once, and they are not
          shown again.
        </p>
        <RecoveryCodesList codes={codes} {...(account ? { account } : {})} />
        <button type="button" className={BUTTON.ghost} onClick={() => setCodes(null)}>
          I Saved Them
        </button>
      </div>
    );
  }

  async function submit(code: string): Promise<string | undefined> {
    try {
      setCodes((await renew.mutateAsync({ code })).recoveryCodes);
      return undefined;
    } catch (error) {
      if (error instanceof AdminSignedOutError) return undefined;
      return error instanceof AdminRequestError ? error.message : 'The codes were not renewed.';
    }
  }

  return (
    <div>
      <p className="text-slate-400 text-xs">
        New codes replace all your current ones, used or not. Enter a code from your authenticator app.
      </p>
      <SecondFactorCode
        label="Authentication code"
        placeholder="6-digit code"
        submitLabel="Make New Recovery Codes"
        onSubmit={submit}
      />
    </div>
  );
}
