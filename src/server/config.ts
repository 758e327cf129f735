import path from 'node:path';
import {
  CONFIG_TABLE,
  type ConfigValue,
  type ConfigVariable,
  type ConfigVariableSpec,
} from './config-variables.ts';
import type { TrustProxy } from './trust-proxy.ts';

export {
  CONFIG_TABLE,
  CONFIG_VARIABLES,
  type ConfigValue,
  type ConfigVariable,
  type ConfigVariableSpec,
  SECRET_VARIABLES,
} from './config-variables.ts';

type Value<K extends ConfigVariable> = ConfigValue<K>;

export class ConfigError extends Error {
  constructor(
    readonly variable: ConfigVariable,
    expected: string,
    received: string | undefined,
  ) {
    super(
      `${variable} ${expected}${received === undefined ? ' (it is not set)' : ` (got ${JSON.stringify(received)})`}`,
    );
    this.name = 'ConfigError';
  }
}

export type ChainConfig =
  | { kind: 'local' }
  | {
      kind: 'remote';
      rpcUrl: string;
      publicRpcUrl: string;
      cluster: Value<'SOLANA_CLUSTER'>;
      houseWalletKeypair: string;
    };

export interface Config {
  port: Value<'PORT'>;
  host: Value<'HOST'>;
  logLevel: Value<'LOG_LEVEL'>;
  dataDir: string;
  databaseUrl: Value<'DATABASE_URL'>;
  chain: ChainConfig;
  /** House keypair source for the local chain too, when an operator wants a fixed one. */
  houseWalletKeypair: Value<'HOUSE_WALLET_KEYPAIR'>;
  allowedOrigins: string[];
  /**
   * The one origin players use: the Sign In With Solana domain and URI come from here, never from a
   * request's Host, and its scheme decides whether cookies are Secure. PUBLIC_ORIGIN, else the first
   * allowed origin. With PORT=0 the default is fixed once the server has listened.
   */
  publicOrigin: string;
  trustProxy: TrustProxy;
  /** RESTRICTED_COUNTRIES: ISO codes whose addresses may not start a paid search (docs/rules.md §1). */
  restrictedCountries: Value<'RESTRICTED_COUNTRIES'>;
  /** HOUSE_BALANCE_FLOOR_SOL in lamports. */
  houseBalanceFloorLamports: Value<'HOUSE_BALANCE_FLOOR_SOL'>;
  /** HOUSE_BALANCE_CHECK_SECONDS in ms: how often that balance is read. */
  houseBalanceCheckMs: number;
  /** HOUSE_FUNDING_ADDRESSES: the operator's top-ups come from these (the sweeper and reconcile pass them by). */
  houseFundingAddresses: Value<'HOUSE_FUNDING_ADDRESSES'>;
  /** PAYMENT_SWEEP_*: the payment sweeper's grace and how often its ledger and chain passes run, in ms. */
  paymentSweep: { graceMs: number; intervalMs: number; chainIntervalMs: number };
  /** CHALLENGE_EXPIRY_MINUTES: how long a challenge waits for its friend. */
  challengeExpiryMinutes: number;
  /** ADMIN_EMAIL and ADMIN_PASSWORD: an admin created at start if absent (src/server/admin/admin-bootstrap.ts). */
  admin: { email: Value<'ADMIN_EMAIL'>; password: Value<'ADMIN_PASSWORD'> };
  /** RISK_FLAG_THRESHOLD: the risk score (0-100) at which a wallet is flagged for review (src/server/risk/). */
  riskFlagThreshold: number;
  /**
   * ADMIN_2FA_ROLES and ADMIN_TOTP_KEY: the roles that must pass a second factor, and the key sealing their
   * authenticator secrets (undefined: DATA_DIR/admin-totp.key, see two-factor/totp-key.ts).
   */
  twoFactor: { roles: Value<'ADMIN_2FA_ROLES'>; key: Value<'ADMIN_TOTP_KEY'> };
  /** METRICS_TOKEN: who may read /metrics from elsewhere than the machine itself. */
  metricsToken: Value<'METRICS_TOKEN'>;
  /** PER_IP_LIMIT_FACTOR: every per-address rate limit is multiplied by it (1 in production). */
  perIpLimitFactor: Value<'PER_IP_LIMIT_FACTOR'>;
  /** NODE_ID: this process's name among several on one database; undefined means the default (node-id.ts). */
  nodeId: Value<'NODE_ID'>;
  /** REDIS_URL and REDIS_KEY_PREFIX: cluster mode when set; null runs one process alone. */
  cluster: { redisUrl: string; keyPrefix: string; drainSeconds: number } | null;
  /** WS_COMPRESSION: permessage-deflate on the game channel (bench/RESULTS.md weighs its bytes against its CPU). */
  wsCompression: boolean;
}

/** Parses every variable of the table, in order; the first refusal stops with a ConfigError naming it. */
function parseVariables(env: Record<string, string | undefined>): { [K in ConfigVariable]: Value<K> } {
  const parsed: Partial<Record<ConfigVariable, unknown>> = {};
  for (const name of Object.keys(CONFIG_TABLE) as ConfigVariable[]) {
    const spec: ConfigVariableSpec = CONFIG_TABLE[name];
    const raw = env[name] === '' && !spec.keepEmpty ? undefined : env[name];
    const result = spec.schema.safeParse(raw ?? spec.default);
    if (!result.success) {
      // A refused secret is never echoed back: the error goes to the console.
      throw new ConfigError(name, spec.expected, spec.secret && raw !== undefined ? '[hidden]' : raw);
    }
    parsed[name] = result.data;
  }
  return parsed as { [K in ConfigVariable]: Value<K> };
}

/**
 * Reads and validates the whole environment at once. Throws a ConfigError naming the first variable whose
 * value is wrong, so the server stops before it opens a database or a port.
 */
export function loadConfig(env: Record<string, string | undefined>): Config {
  const p = parseVariables(env);

  let chain: ChainConfig = { kind: 'local' };
  if (!p.SOLANA_RPC_URL && p.NODE_ENV === 'production' && !p.LOCAL_CHAIN) {
    // A production deployment that forgot SOLANA_RPC_URL would serve a chain with a free faucet.
    throw new ConfigError(
      'LOCAL_CHAIN',
      'must be 1 to run the embedded local chain with NODE_ENV=production; set SOLANA_RPC_URL for a real cluster',
      env.LOCAL_CHAIN || undefined,
    );
  }
  if (p.SOLANA_RPC_URL && p.LOCAL_CHAIN) {
    throw new ConfigError('LOCAL_CHAIN', 'must not be 1 when SOLANA_RPC_URL points at a real cluster', '1');
  }
  if (p.SOLANA_RPC_URL && p.SOLANA_CLUSTER === 'localnet' && p.NODE_ENV === 'production') {
    // Another node's local chain has a free faucet: its SOL is not money.
    throw new ConfigError('SOLANA_CLUSTER', 'must not be localnet with NODE_ENV=production', 'localnet');
  }
  if (p.SOLANA_RPC_URL) {
    if (!p.HOUSE_WALLET_KEYPAIR) {
      throw new ConfigError(
        'HOUSE_WALLET_KEYPAIR',
        'is required when SOLANA_RPC_URL points at a real cluster',
        undefined,
      );
    }
    if (!p.PUBLIC_RPC_URL) {
      throw new ConfigError(
        'PUBLIC_RPC_URL',
        'is required when SOLANA_RPC_URL is set (browsers must not be handed the private RPC URL)',
        undefined,
      );
    }
    chain = {
      kind: 'remote',
      rpcUrl: p.SOLANA_RPC_URL,
      publicRpcUrl: p.PUBLIC_RPC_URL,
      cluster: p.SOLANA_CLUSTER,
      houseWalletKeypair: p.HOUSE_WALLET_KEYPAIR,
    };
  }

  if (p.REDIS_URL && !p.DATABASE_URL) {
    // Nodes share the ledger, sessions and bans; an embedded database is one process's own.
    throw new ConfigError('DATABASE_URL', 'is required when REDIS_URL is set (cluster mode)', undefined);
  }

  if (p.REDIS_URL && !p.ADMIN_TOTP_KEY && p.ADMIN_2FA_ROLES.length > 0) {
    // Each node would make a key of its own in its data directory and read no other node's secrets.
    throw new ConfigError(
      'ADMIN_TOTP_KEY',
      'is required when REDIS_URL is set and ADMIN_2FA_ROLES names a role (every node needs the same key)',
      undefined,
    );
  }

  if (p.ADMIN_PASSWORD && !p.ADMIN_EMAIL) {
    throw new ConfigError('ADMIN_EMAIL', 'is required when ADMIN_PASSWORD is set', undefined);
  }

  const allowedOrigins =
    p.ALLOWED_ORIGINS ??
    (p.PUBLIC_ORIGIN ? [] : [`http://localhost:${p.PORT}`, `http://127.0.0.1:${p.PORT}`]);
  const publicOrigin = p.PUBLIC_ORIGIN ?? allowedOrigins[0]!;
  if (!allowedOrigins.includes(publicOrigin)) allowedOrigins.unshift(publicOrigin);

  return {
    port: p.PORT,
    host: p.HOST,
    logLevel: p.LOG_LEVEL,
    dataDir: path.resolve(p.DATA_DIR),
    databaseUrl: p.DATABASE_URL,
    chain,
    houseWalletKeypair: p.HOUSE_WALLET_KEYPAIR,
    allowedOrigins,
    publicOrigin,
    trustProxy: p.TRUST_PROXY,
    restrictedCountries: p.RESTRICTED_COUNTRIES,
    houseBalanceFloorLamports: p.HOUSE_BALANCE_FLOOR_SOL,
    houseBalanceCheckMs: p.HOUSE_BALANCE_CHECK_SECONDS * 1000,
    houseFundingAddresses: p.HOUSE_FUNDING_ADDRESSES,
    paymentSweep: {
      graceMs: p.PAYMENT_SWEEP_GRACE_SECONDS * 1000,
      intervalMs: p.PAYMENT_SWEEP_INTERVAL_SECONDS * 1000,
      chainIntervalMs: p.PAYMENT_SWEEP_CHAIN_SECONDS * 1000,
    },
    challengeExpiryMinutes: p.CHALLENGE_EXPIRY_MINUTES,
    admin: { email: p.ADMIN_EMAIL, password: p.ADMIN_PASSWORD },
    riskFlagThreshold: p.RISK_FLAG_THRESHOLD,
    twoFactor: { roles: p.ADMIN_2FA_ROLES, key: p.ADMIN_TOTP_KEY },
    metricsToken: p.METRICS_TOKEN,
    perIpLimitFactor: p.PER_IP_LIMIT_FACTOR,
    wsCompression: p.WS_COMPRESSION === 'on',
    nodeId: p.NODE_ID,
    cluster: p.REDIS_URL
      ? { redisUrl: p.REDIS_URL, keyPrefix: p.REDIS_KEY_PREFIX, drainSeconds: p.SHUTDOWN_DRAIN_SECONDS }
      : null,
  };
}
