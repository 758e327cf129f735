import { type FormEvent, useState } from 'react';
import { ADMIN_ROLES, type AdminRole } from '../../common/admin-permissions.ts';
import { BUTTON } from './admin-dialog.tsx';
import { useAccountChange } from './use-admin-accounts.ts';

const INPUT = 'rounded border border-slate-600 bg-slate-900 px-2 py-1 text-slate-100 text-xs';

/** The owner creates an admin: e-mail, a first password (12+ characters, the server checks) and a role. */
export function NewAdminForm() {
  const create = useAccountChange('create');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [role, setRole] = useState<AdminRole>('viewer');

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    try {
      await create.mutateAsync({ email: email.trim(), password, role });
      setEmail('');
      setPassword('');
    } catch {
      // The toast said why.
    }
  }

  return (
    <form aria-label="New admin" className="flex flex-wrap items-end gap-2" onSubmit={submit}>
      <label className="flex flex-col text-slate-400 text-xs">
        Email
        <input
          type="email"
          required
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          className={INPUT}
        />
      </label>
      <label className="flex flex-col text-slate-400 text-xs">
        First password
        <input
          type="password"
          required
          minLength={12}
          autoComplete="new-password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          className={INPUT}
        />
      </label>
      <label className="flex flex-col text-slate-400 text-xs">
        Role
        <select value={role} onChange={(e) => setRole(e.target.value as AdminRole)} className={INPUT}>
          {ADMIN_ROLES.map((r) => (
            <option key={r} value={r}>
              {r}
            </option>
          ))}
        </select>
      </label>
      <button type="submit" disabled={create.isPending} className={BUTTON.primary}>
        Create Admin
      </button>
    </form>
  );
}
