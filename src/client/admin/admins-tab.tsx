import { useState } from 'react';
import { ADMIN_ROLES, isAdminRole } from '../../common/admin-permissions.ts';
import type { AdminAccount } from '../../common/api/admin-accounts-api.ts';
import { Spinner } from '../ui/spinner.tsx';
import { DateText } from './admin-cells.tsx';
import { BUTTON } from './admin-dialog.tsx';
import { ConfirmDialog } from './confirm-dialog.tsx';
import { NewAdminForm } from './new-admin-form.tsx';
import { useAccountChange, useAdminAccounts } from './use-admin-accounts.ts';

/** A change the owner confirms first: deactivating, or resetting a second factor. */
function ConfirmedChange(props: {
  account: AdminAccount;
  name: 'deactivate' | 'resetTwoFactor';
  label: string;
  description: string;
}) {
  const [open, setOpen] = useState(false);
  const change = useAccountChange(props.name);
  return (
    <>
      <button
        type="button"
        aria-label={`${props.label} ${props.account.email}`}
        className={`${BUTTON.small} border-red-500 text-red-300 hover:bg-red-950`}
        onClick={() => setOpen(true)}
      >
        {props.label}
      </button>
      <ConfirmDialog
        open={open}
        onOpenChange={setOpen}
        title={`${props.label}: ${props.account.email}`}
        description={props.description}
        confirmLabel={props.label}
        onConfirm={() => change.mutateAsync({ adminId: props.account.id })}
      />
    </>
  );
}

/** What a role lets its admin do, said in the confirmation of a change to it. */
const ROLE_REACH: Record<string, string> = {
  owner: 'everything, including adding admins, changing roles and exports',
  admin: 'bans, held payouts, reviews and exports',
  support: 'reading everything and notes, no bans or payouts',
  viewer: 'reading only',
};

/**
 * The role select of another admin's row: a choice is confirmed before it is sent (one slip of the select
 * must not make someone an owner), and the select shows the account's role until the server has it.
 */
function RoleChange({ account }: { account: AdminAccount }) {
  const role = useAccountChange('role');
  const [asked, setAsked] = useState<AdminAccount['role'] | null>(null);
  return (
    <>
      <select
        aria-label={`Role of ${account.email}`}
        value={account.role}
        disabled={role.isPending}
        onChange={(e) => {
          if (isAdminRole(e.target.value) && e.target.value !== account.role) setAsked(e.target.value);
        }}
        className="rounded border border-slate-600 bg-slate-900 px-1 py-0.5 text-xs"
      >
        {ADMIN_ROLES.map((r) => (
          <option key={r} value={r}>
            {r}
          </option>
        ))}
      </select>
      <ConfirmDialog
        open={asked !== null}
        onOpenChange={(open) => {
          if (!open) setAsked(null);
        }}
        title={`Make ${account.email} ${asked ?? ''}?`}
        description={`From ${account.role} to ${asked ?? ''}: ${ROLE_REACH[asked ?? ''] ?? ''}. It applies at their next request.`}
        confirmLabel={`Make ${asked ?? ''}`}
        onConfirm={async () => {
          if (asked) await role.mutateAsync({ adminId: account.id, role: asked });
          setAsked(null);
        }}
      />
    </>
  );
}

function AccountRow({ account, self }: { account: AdminAccount; self: boolean }) {
  const reactivate = useAccountChange('reactivate');
  return (
    <tr className="border-slate-800 border-t">
      <td className="px-2 py-1.5">
        {account.email}
        {self && <span className="ml-1 text-slate-500">(you)</span>}
      </td>
      <td className="px-2 py-1.5">{self ? account.role : <RoleChange account={account} />}</td>
      <td className="px-2 py-1.5">{account.isActive ? 'Active' : 'Deactivated'}</td>
      <td className="px-2 py-1.5">{account.twoFactorEnrolled ? 'On' : 'Not set up'}</td>
      {/* The last whole sign-in (past the second factor where one is asked): the server sets it only then. */}
      <td className="px-2 py-1.5">
        {account.lastLogin ? (
          <DateText value={account.lastLogin} />
        ) : (
          <span className="text-slate-500">Never</span>
        )}
      </td>
      <td className="flex gap-1 px-2 py-1.5">
        {!self && account.isActive && (
          <ConfirmedChange
            account={account}
            name="deactivate"
            label="Deactivate"
            description={`${account.email} is signed out at once and cannot sign in until reactivated.`}
          />
        )}
        {!self && !account.isActive && (
          <button
            type="button"
            aria-label={`Reactivate ${account.email}`}
            disabled={reactivate.isPending}
            onClick={() => reactivate.mutate({ adminId: account.id })}
            className={`${BUTTON.small} border-green-500 text-green-300 hover:bg-green-950`}
          >
            Reactivate
          </button>
        )}
        {!self && account.twoFactorEnrolled && (
          <ConfirmedChange
            account={account}
            name="resetTwoFactor"
            label="Reset 2FA"
            description={`${account.email} is signed out; at the next sign-in they set up a new authenticator.`}
          />
        )}
      </td>
    </tr>
  );
}

/** The owner's Admins tab: every admin with its role, state and second factor, and the changes to make. */
export function AdminsTab({ selfId }: { selfId: string | undefined }) {
  const accounts = useAdminAccounts();
  return (
    <div className="space-y-4">
      <NewAdminForm />
      {accounts.isPending && (
        <p role="status" className="flex items-center gap-2 text-slate-400 text-sm">
          <Spinner /> Loading...
        </p>
      )}
      {accounts.isError && (
        <p role="alert" className="text-red-300 text-sm">
          Failed to fetch admins
        </p>
      )}
      {accounts.data && (
        <div className="max-h-[600px] overflow-auto">
          <table aria-label="Admins" className="w-full text-left text-xs">
            <thead className="text-slate-400">
              <tr>
                <th className="px-2 py-1">Email</th>
                <th className="px-2 py-1">Role</th>
                <th className="px-2 py-1">Status</th>
                <th className="px-2 py-1">Two-factor</th>
                <th className="px-2 py-1">Last sign-in</th>
                <th className="px-2 py-1">Actions</th>
              </tr>
            </thead>
            <tbody>
              {accounts.data.admins.map((account) => (
                <AccountRow key={account.id} account={account} self={account.id === selfId} />
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}
