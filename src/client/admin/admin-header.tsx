import { useState } from 'react';
import { ADMIN_PRODUCT_NAME } from '../site.ts';
import { AccountDialog } from './account-dialog.tsx';
import { ADMIN_LOGOUT_URL, type AdminUserResponse } from './admin-api.ts';
import { useAdminSession } from './admin-session-gate.ts';
import { TimeZoneSwitch } from './admin-time-zone.tsx';

/**
 * The admin panel's header: product name, who is signed in and their role, their Account (sessions,
 * password, recovery codes) and Logout (SPEC §2, §7).
 */
export function AdminHeader({ user }: { user: AdminUserResponse['user'] }) {
  const session = useAdminSession();
  const [account, setAccount] = useState(false);
  return (
    <div className="flex w-full flex-wrap items-center justify-between gap-3 rounded-lg border-2 border-cyan-400/40 bg-slate-950/90 px-5 py-3 font-retro">
      <div className="flex min-w-0 flex-wrap items-center gap-x-3 gap-y-1">
        <h2 className="font-bold text-cyan-300 text-lg">{ADMIN_PRODUCT_NAME}</h2>
        <span
          data-testid="admin-role"
          className="rounded-full border border-green-400 px-2 py-0.5 text-green-300 text-xs uppercase"
        >
          {user.role}
        </span>
        <span
          data-testid="admin-who"
          className="min-w-0 basis-full truncate text-slate-300 text-xs sm:basis-auto"
          title={user.email}
        >
          {user.email}
        </span>
      </div>
      <div className="flex flex-wrap items-center gap-4 text-sm">
        <TimeZoneSwitch />
        {user.currentIP && <span className="text-slate-400">IP: {user.currentIP}</span>}
        <button
          type="button"
          onClick={() => setAccount(true)}
          className="text-cyan-300 underline hover:text-cyan-100"
        >
          Account
        </button>
        <AccountDialog
          open={account}
          onOpenChange={setAccount}
          {...(user.email ? { email: user.email } : {})}
        />
        {/* Logout is a navigation (SPEC §7): the server clears the session and redirects. Followed in this
            page, it first stops the panel's requests (admin-session-gate.ts). */}
        <a
          href={ADMIN_LOGOUT_URL}
          onClick={(event) => {
            const elsewhere =
              event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey;
            if (!elsewhere) session?.signOut();
          }}
          className="text-red-300 underline hover:text-red-200"
        >
          Logout
        </a>
      </div>
    </div>
  );
}
