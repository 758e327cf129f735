import { isAddress } from '@solana/kit';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { z } from 'zod';
import { FLAG_SEVERITIES, type FlagSeverity } from '../../../common/api/admin-rows.ts';
import type { Clock } from '../../../common/clock.ts';
import type { Database } from '../../db/database.ts';
import { flaggedWallets, systemEvents } from '../../db/schema/index.ts';
import { actorDetails, actorText, recordSystemEvent } from '../../operations-log/system-events.ts';
import type { RiskFlags } from '../../risk/risk-ports.ts';
import { refreshWalletAnalytics } from '../analytics/refresh-wallet-analytics.ts';
import {
  type ActionResult,
  actionInput,
  checkedField,
  refused,
  requiredText,
  requiredTextField,
} from './action-result.ts';
import type { ActingAdmin } from './ban-actions.ts';
import { type AdminFlaggedWalletRow, flaggedWalletView } from './flagged-wallets-list.ts';

export { FLAG_SEVERITIES, type FlagSeverity };

export const FLAG_ACTION_ERRORS = {
  invalidWallet: 'A valid wallet address is required',
  reasonRequired: 'A reason is required',
  invalidSeverity: `Severity must be one of ${FLAG_SEVERITIES.join(', ')}`,
  notFlagged: 'This wallet has no open flag',
  flagNotFound: 'Flag not found',
  resolutionRequired: 'A resolution is required',
} as const;

export interface FlagActionDeps {
  db: Database;
  clock: Clock;
}

const isSeverity = (value: unknown): value is FlagSeverity =>
  typeof value === 'string' && (FLAG_SEVERITIES as readonly string[]).includes(value);

const flaggedWalletInput = checkedField((value) => {
  const text = requiredText(value, 64);
  return text && isAddress(text) ? text : undefined;
}, FLAG_ACTION_ERRORS.invalidWallet);

/** A flag's input (the fields of the flag-wallet body), checked in this order; severity 'medium' if absent. */
const FLAG_INPUT = z.object({
  walletAddress: flaggedWalletInput,
  reason: requiredTextField(FLAG_ACTION_ERRORS.reasonRequired),
  severity: checkedField(
    (value) => (value === undefined ? 'medium' : isSeverity(value) ? value : undefined),
    FLAG_ACTION_ERRORS.invalidSeverity,
  ),
  evidence: z
    .unknown()
    .optional()
    .transform((value) => value ?? null),
});

/** A resolution's input: the wallet, and the resolver's notes when given. */
const RESOLVE_INPUT = z.object({
  walletAddress: flaggedWalletInput,
  notes: z
    .unknown()
    .optional()
    .transform((value) => requiredText(value, 2000) ?? null),
});

/** The risk pass's flags (risk/risk-ports.ts): raised as an operator's are, by `by` ('system'). */
export const riskFlagsOf = (deps: FlagActionDeps): RiskFlags => ({
  flagWallet: (by, flag) => flagWalletAction(deps, { by }, flag),
});

/**
 * Flags a wallet for review (reason, severity, evidence); flagging it again while open replaces the flag.
 * The flag, its system event and the wallet's analytics (is_flagged, flag_reason) change together.
 */
export async function flagWalletAction(
  deps: FlagActionDeps,
  admin: ActingAdmin,
  raw: z.input<typeof FLAG_INPUT>,
): Promise<ActionResult<AdminFlaggedWalletRow>> {
  const input = actionInput(FLAG_INPUT, raw);
  if (!input.ok) return input;
  const { walletAddress, reason, severity, evidence } = input.body;
  const at = new Date(deps.clock.now());
  const row = await deps.db.transaction(async (tx) => {
    const fields = {
      flaggedAt: at,
      flaggedBy: admin.by,
      reason,
      severity,
      evidence,
      isActive: true,
      resolvedAt: null,
      resolvedBy: null,
      resolutionNotes: null,
    };
    const [flag] = await tx
      .insert(flaggedWallets)
      .values({ walletAddress, ...fields })
      .onConflictDoUpdate({ target: flaggedWallets.walletAddress, set: fields })
      .returning();
    await recordSystemEvent(tx, {
      severity: severity === 'critical' ? 'critical' : 'warning',
      eventType: 'wallet_flagged',
      message: `Wallet ${walletAddress} flagged (${severity}) ${actorText(admin)}: ${reason}`,
      details: {
        action: 'flag_wallet',
        walletAddress,
        ...actorDetails(admin),
        flagId: flag?.id,
        reason,
        severity,
        evidence,
        at: at.toISOString(),
      },
    });
    await refreshWalletAnalytics(tx, [walletAddress]);
    return flag;
  });
  if (!row) throw new Error(`flagging ${walletAddress} returned no row`);
  return { ok: true, body: flaggedWalletView(row) };
}

/** Closes a wallet's open flag with who resolved it and how; the flag stays listed among resolved ones. */
export async function resolveFlagAction(
  deps: FlagActionDeps,
  admin: ActingAdmin,
  raw: z.input<typeof RESOLVE_INPUT>,
): Promise<ActionResult<AdminFlaggedWalletRow>> {
  const input = actionInput(RESOLVE_INPUT, raw);
  if (!input.ok) return input;
  const { walletAddress, notes } = input.body;
  const at = new Date(deps.clock.now());
  const row = await deps.db.transaction(async (tx) => {
    const [flag] = await tx
      .update(flaggedWallets)
      .set({ isActive: false, resolvedAt: at, resolvedBy: admin.by, resolutionNotes: notes })
      .where(and(eq(flaggedWallets.walletAddress, walletAddress), eq(flaggedWallets.isActive, true)))
      .returning();
    if (!flag) return undefined;
    // The flag's own alert is dealt with too: its open wallet_flagged events (one per flagging) close with
    // the same who, when and note, so the Overview no longer counts a flag that was resolved.
    await tx
      .update(systemEvents)
      .set({
        resolvedAt: at,
        resolvedBy: admin.by,
        resolutionNotes: notes ? `Flag resolved: ${notes}` : 'Flag resolved',
      })
      .where(
        and(
          eq(systemEvents.eventType, 'wallet_flagged'),
          isNull(systemEvents.resolvedAt),
          sql`${systemEvents.details}->>'walletAddress' = ${walletAddress}`,
        ),
      );
    await recordSystemEvent(tx, {
      severity: 'other',
      eventType: 'wallet_flag_resolved',
      message: `Flag on wallet ${walletAddress} resolved ${actorText(admin)}${notes ? `: ${notes}` : ''}`,
      details: {
        action: 'resolve_flag',
        walletAddress,
        ...actorDetails(admin),
        flagId: flag.id,
        notes,
        at: at.toISOString(),
      },
    });
    await refreshWalletAnalytics(tx, [walletAddress]);
    return flag;
  });
  if (!row) return refused(404, FLAG_ACTION_ERRORS.notFlagged);
  return { ok: true, body: flaggedWalletView(row) };
}

/** The wallet a flag (by its id) is about; undefined for an unknown id. */
export async function walletOfFlag(db: Database, flagId: string): Promise<string | undefined> {
  const [flag] = await db
    .select({ walletAddress: flaggedWallets.walletAddress })
    .from(flaggedWallets)
    .where(eq(flaggedWallets.id, flagId));
  return flag?.walletAddress;
}
