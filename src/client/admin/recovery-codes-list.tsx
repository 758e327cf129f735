import { ADMIN_PRODUCT_NAME } from '../site.ts';
import { BUTTON } from './admin-dialog.tsx';

export const RECOVERY_CODES_FILE = 'recovery-codes.txt';

/** The codes as the downloaded file holds them: what they are, for whom, then one code a line. */
export function recoveryCodesText(codes: readonly string[], account?: string): string {
  const whose = account ? ` of ${account}` : '';
  return [
    `${ADMIN_PRODUCT_NAME}: two-factor recovery codes${whose}`,
    'Each signs you in once if you lose your authenticator. Keep them safe.',
    '',
    ...codes,
    '',
  ].join('\n');
}

/**
 * Recovery codes shown this once (at enrolment, or renewed from the Account panel), with a .txt download of
 * them. A data: address, not a blob: the file is a few hundred bytes and nothing needs releasing after.
 */
export function RecoveryCodesList({ codes, account }: { codes: readonly string[]; account?: string }) {
  const href = `data:text/plain;charset=utf-8,${encodeURIComponent(recoveryCodesText(codes, account))}`;
  return (
    <div className="space-y-2">
      <ul
        aria-label="Recovery codes"
        className="grid grid-cols-2 gap-1 rounded border border-slate-700 p-3 font-mono text-cyan-200"
      >
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
      <a href={href} download={RECOVERY_CODES_FILE} className={`${BUTTON.ghost} inline-block text-xs`}>
        Download .txt
      </a>
    </div>
  );
}
