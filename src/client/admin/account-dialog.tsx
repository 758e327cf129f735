import type { ReactNode } from 'react';
import { AdminDialog } from './admin-dialog.tsx';
import { OwnSessionsList } from './own-sessions-list.tsx';
import { PasswordChangeForm } from './password-change-form.tsx';
import { RecoveryCodesRenewal } from './recovery-codes-renewal.tsx';
import { useTwoFactorStatus } from './use-own-account.ts';

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section aria-label={title} className="space-y-2 border-slate-800 border-t pt-3">
      <h3 className="font-bold text-cyan-200 text-sm">{title}</h3>
      {children}
    </section>
  );
}

function AccountParts({ email }: { email: string | undefined }) {
  const status = useTwoFactorStatus();
  const enrolled = status.data?.enrolled ?? false;
  return (
    <div className="mt-3 space-y-4">
      <Section title="Sessions">
        <OwnSessionsList />
      </Section>
      <Section title="Password">
        {status.isPending ? null : <PasswordChangeForm enrolled={enrolled} />}
      </Section>
      <Section title="Recovery codes">
        {status.isPending ? null : (
          <RecoveryCodesRenewal enrolled={enrolled} {...(email ? { account: email } : {})} />
        )}
      </Section>
    </div>
  );
}

/**
 * The signed-in admin's own account, any role: their sessions (this one marked, any other ended), their
 * password, their recovery codes. Opened from the header's Account button; nothing is read until it opens.
 */
export function AccountDialog(props: { open: boolean; onOpenChange(open: boolean): void; email?: string }) {
  return (
    <AdminDialog
      open={props.open}
      onOpenChange={props.onOpenChange}
      title="Your Account"
      description={props.email ?? 'Your sessions, password and recovery codes'}
      width="wide"
    >
      {props.open && <AccountParts email={props.email} />}
    </AdminDialog>
  );
}
