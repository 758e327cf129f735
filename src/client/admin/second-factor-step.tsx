import { twoFactorVerifiedSchema } from '../../common/api/admin-two-factor.ts';
import { SecondFactorCode } from './second-factor-code.tsx';
import { TotpEnrolment } from './totp-enrolment.tsx';
import { postTwoFactor } from './two-factor-api.ts';

/** After a good password: enrolment the first time, else a code from the app or a recovery code. */
export function SecondFactorStep({ stage, onDone }: { stage: 'enrol' | 'verify'; onDone(): void }) {
  if (stage === 'enrol') return <TotpEnrolment onDone={onDone} />;
  return (
    <SecondFactorCode
      label="Authentication code"
      placeholder="6-digit code, or a recovery code"
      submitLabel="Verify"
      onSubmit={async (code) => {
        const verified = await postTwoFactor('/verify', twoFactorVerifiedSchema, { code });
        if (!verified.ok) return verified.error;
        onDone();
        return undefined;
      }}
    />
  );
}
