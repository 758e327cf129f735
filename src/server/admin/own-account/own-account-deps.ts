import type { AdminRole } from '../admin-roles.ts';
import type { CountedCheckDeps } from './counted-checks.ts';

/** What the routes of an admin's own account need beyond the route context. */
export interface OwnAccountDeps extends CountedCheckDeps {
  /** ADMIN_2FA_ROLES: whether a listed session that has not passed its second factor still owes one. */
  requiredFor: readonly AdminRole[];
  /** The origin browsers use: ending this very session clears its cookie under the right name. */
  publicOrigin: () => string;
  /** The argon2 check (tests pass one that counts its calls). */
  verifyPassword: (storedHash: string, password: string) => Promise<boolean>;
}
