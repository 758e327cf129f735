import { randomUUID } from 'node:crypto';
import { expect, it } from 'vitest';
import {
  describeEachDatabase,
  expectPgError,
  uniqueSignature,
  uniqueWallet,
} from '../../../test/support/database-bed.ts';
import type { Database } from './database.ts';
import { isUniqueViolation, PG_ERROR } from './pg-errors.ts';
import {
  adminUsers,
  authChallenges,
  bannedWallets,
  flaggedWallets,
  ipAddresses,
  legacyUsers,
  payoutJobs,
  queueSessions,
  transactions,
  walletIpAssociations,
} from './schema/index.ts';

/** One unique key: how to write a row with a given key, and the constraint that must refuse a second. */
interface UniqueKeyCase {
  rule: string;
  constraint: string;
  insert(db: Database, key: string): PromiseLike<unknown>;
}

const cases: UniqueKeyCase[] = [
  {
    rule: 'banned wallet: walletAddress is unique',
    constraint: 'banned_wallets_wallet_address_unique',
    insert: (db, key) => db.insert(bannedWallets).values({ walletAddress: key, reason: 'test' }),
  },
  {
    rule: 'IP row: ipAddress is unique',
    constraint: 'ip_addresses_ip_address_unique',
    insert: (db, key) => db.insert(ipAddresses).values({ ipAddress: key }),
  },
  {
    rule: 'wallet-IP association: the pair is unique',
    constraint: 'wallet_ip_associations_pair_unique',
    insert: (db, key) =>
      db.insert(walletIpAssociations).values({ walletAddress: key, ipAddress: '10.0.0.1' }),
  },
  {
    rule: 'flagged wallet: walletAddress is unique',
    constraint: 'flagged_wallets_wallet_address_unique',
    insert: (db, key) => db.insert(flaggedWallets).values({ walletAddress: key, reason: 'test' }),
  },
  {
    rule: 'legacy user: username is unique',
    constraint: 'legacy_users_username_unique',
    insert: (db, key) => db.insert(legacyUsers).values({ username: key, passwordHash: 'hash' }),
  },
  {
    rule: 'admin user: email is unique',
    constraint: 'admin_users_email_unique',
    insert: (db, key) =>
      db.insert(adminUsers).values({ email: `${key}@example.com`, username: key, passwordHash: 'hash' }),
  },
  {
    rule: 'an on-chain signature backs at most one ledger row',
    constraint: 'transactions_transaction_signature_unique',
    insert: (db, key) =>
      db.insert(transactions).values({
        type: 'entry_fee',
        walletAddress: uniqueWallet(),
        amountLamports: 25_000_000n,
        transactionSignature: key,
      }),
  },
  {
    rule: 'a payout job idempotency key is written once',
    constraint: 'payout_jobs_idempotency_key_unique',
    insert: (db, key) =>
      db.insert(payoutJobs).values({
        kind: 'winner_payout',
        idempotencyKey: key,
        walletAddress: uniqueWallet(),
        amountLamports: 150_000_000n,
        gameId: randomUUID(),
      }),
  },
  {
    rule: 'a sign-in nonce is issued once',
    constraint: 'auth_challenges_nonce_unique',
    insert: (db, key) =>
      db.insert(authChallenges).values({
        nonce: key,
        walletAddress: uniqueWallet(),
        domain: 'localhost',
        message: 'sign in',
        issuedAt: new Date(),
        expiresAt: new Date(Date.now() + 300_000),
      }),
  },
];

describeEachDatabase('unique keys', (target) => {
  it.each(cases)('$rule', async ({ constraint, insert }) => {
    const key = uniqueWallet();
    await insert(target.db, key);
    await expectPgError(insert(target.db, key), PG_ERROR.uniqueViolation, constraint);
    // A different key is still welcome.
    await insert(target.db, uniqueWallet());
  });

  it('isUniqueViolation recognises the driver error behind a Drizzle error', async () => {
    const key = uniqueWallet();
    await target.db.insert(bannedWallets).values({ walletAddress: key });
    const error = await Promise.resolve(target.db.insert(bannedWallets).values({ walletAddress: key })).catch(
      (e: unknown) => e,
    );
    expect(isUniqueViolation(error)).toBe(true);
    expect(isUniqueViolation(error, 'banned_wallets_wallet_address_unique')).toBe(true);
    expect(isUniqueViolation(error, 'ip_addresses_ip_address_unique')).toBe(false);
    expect(isUniqueViolation(new Error('not a database error'))).toBe(false);
  });

  it('transaction: many rows may have no signature yet', async () => {
    const wallet = uniqueWallet();
    const unsigned = {
      type: 'winner_payout',
      walletAddress: wallet,
      amountLamports: 1n,
      status: 'pending',
    } as const;
    await target.db.insert(transactions).values([unsigned, unsigned, unsigned]);
  });

  it('wallet-IP association: one wallet may pair with many IPs and one IP with many wallets', async () => {
    const wallet = uniqueWallet();
    const ip = `10.1.${Math.floor(Math.random() * 255)}.${Math.floor(Math.random() * 255)}`;
    await target.db.insert(walletIpAssociations).values([
      { walletAddress: wallet, ipAddress: ip },
      { walletAddress: wallet, ipAddress: `${ip}0` },
      { walletAddress: uniqueWallet(), ipAddress: ip },
    ]);
  });

  it('a wallet has at most one active queue entry; a closed one does not count', async () => {
    const wallet = uniqueWallet();
    const entry = { walletAddress: wallet, gameMode: 'practice' } as const;
    await target.db.insert(queueSessions).values(entry);
    await expectPgError(
      target.db.insert(queueSessions).values(entry),
      PG_ERROR.uniqueViolation,
      'queue_sessions_one_live_stake_per_wallet',
    );
    await target.db.insert(queueSessions).values({ ...entry, status: 'cancelled' });
  });

  it('one verified entry payment opens at most one queue entry', async () => {
    const [payment] = await target.db
      .insert(transactions)
      .values({
        type: 'entry_fee',
        walletAddress: uniqueWallet(),
        amountLamports: 25_000_000n,
        transactionSignature: uniqueSignature(),
      })
      .returning({ id: transactions.id });
    const entry = {
      walletAddress: uniqueWallet(),
      gameMode: 'smol_shrimp',
      transactionId: payment!.id,
    } as const;
    await target.db.insert(queueSessions).values(entry);
    await expectPgError(
      target.db.insert(queueSessions).values({ ...entry, walletAddress: uniqueWallet() }),
      PG_ERROR.uniqueViolation,
      'queue_sessions_transaction_id_unique',
    );
  });
});
