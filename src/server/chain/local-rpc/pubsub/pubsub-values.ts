import type { Address } from '@solana/kit';
import type { LocalChain } from '../../local/local-chain.ts';
import { type AccountConfig, accountJson } from '../methods/account-methods.ts';

type AccountView = ReturnType<LocalChain['getAccount']>;

/** accountSubscribe's config: getAccountInfo's (encoding, dataSlice, commitment). */
export type AccountSubscriptionConfig = AccountConfig;

const SYSTEM_PROGRAM = '11111111111111111111111111111111' as Address;

/**
 * An account that was closed is announced as Agave announces it: the default account (no lamports, no
 * data, owned by the system program, rent epoch 0), not as null.
 */
const CLOSED_ACCOUNT = {
  exists: true,
  data: new Uint8Array(),
  executable: false,
  lamports: 0n,
  programAddress: SYSTEM_PROGRAM,
  space: 0n,
} as const;

/**
 * The `value` of an accountNotification, in getAccountInfo's shape. Agave's default encoding for
 * subscriptions is the legacy "binary" (a bare base58 string), as for getAccountInfo. Throws JsonRpcError
 * for base58 of more than 128 bytes, as mainnet does.
 */
export function accountNotificationValue(account: AccountView, config: AccountSubscriptionConfig) {
  if (account.exists) return accountJson(account, config, 'binary');
  return { ...accountJson(CLOSED_ACCOUNT, config, 'binary'), rentEpoch: 0n };
}

function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  return Buffer.from(a.buffer, a.byteOffset, a.byteLength).equals(
    Buffer.from(b.buffer, b.byteOffset, b.byteLength),
  );
}

/** Whether a transaction left an account as it was (a read-only key, or a write that changed nothing). */
export function sameAccount(a: AccountView, b: AccountView): boolean {
  if (!a.exists || !b.exists) return a.exists === b.exists;
  return (
    a.lamports === b.lamports &&
    a.programAddress === b.programAddress &&
    a.executable === b.executable &&
    a.space === b.space &&
    sameBytes(a.data as Uint8Array, b.data as Uint8Array)
  );
}
