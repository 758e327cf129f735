import path from 'node:path';
import { z } from 'zod';
import { walletAddressSchema } from '../common/protocol.ts';
import { parseRedisUrl } from './cluster/redis-connection.ts';
import { DEFAULT_KEY_PREFIX } from './cluster/redis-keys.ts';
import {
  DEFAULT_HOUSE_BALANCE_FLOOR_SOL,
  RESTRICTED_COUNTRIES_EXPECTED,
  restrictedCountriesSchema,
  SOL_AMOUNT_EXPECTED,
  solAmountSchema,
} from './tracking/tracking-config.ts';
import { TRUST_PROXY_EXPECTED, type TrustProxy, trustProxySchema } from './trust-proxy.ts';

/** Every environment variable the server reads, with its default and meaning. The README's table mirrors this. */
export const CONFIG_VARIABLES = {
  PORT: 'TCP port the HTTP and WebSocket server listens on (default 3000)',
  HOST: 'Interface to bind (default 0.0.0.0)',
  LOG_LEVEL: 'Server log level: fatal, error, warn, info, debug, trace or silent (default warn)',
  DATA_DIR: 'Folder for the embedded database, the local chain and the local house keypair (default ./data)',
  DATABASE_URL: 'PostgreSQL connection URL; when unset the embedded PGlite database under DATA_DIR is used',
  SOLANA_RPC_URL:
    'Solana JSON-RPC URL (devnet, mainnet); when unset the embedded local chain is served at /rpc',
  SOLANA_CLUSTER:
    "Cluster behind SOLANA_RPC_URL: devnet, testnet or mainnet-beta (default mainnet-beta); localnet when it is another game node's embedded local chain",
  PUBLIC_RPC_URL: 'RPC URL handed to browsers; required with SOLANA_RPC_URL so a private RPC key never leaks',
  HOUSE_WALLET_KEYPAIR: 'House wallet secret: JSON byte array, base58, or a path to a file holding either',
  ALLOWED_ORIGINS: 'Comma-separated origins allowed to open /ws and call state-changing APIs',
  PUBLIC_ORIGIN:
    'The origin players browse (https://pong.example): the sign-in domain and URI, and https makes cookies Secure',
  TRUST_PROXY:
    'Reverse proxies in front: false, a hop count (1 = one proxy) or their addresses/CIDRs (default false)',
  NODE_ENV: 'production refuses to run the embedded local chain unless LOCAL_CHAIN=1',
  LOCAL_CHAIN: '1 to run the embedded local chain even with NODE_ENV=production (default 0)',
  RESTRICTED_COUNTRIES:
    'ISO country codes refused paid games (default US,GB,HK,SG,MT,CU,IR,KP,SY); empty or none restricts none',
  HOUSE_BALANCE_FLOOR_SOL:
    'A critical system event is recorded when the house wallet falls below this many SOL (default 50)',
  HOUSE_FUNDING_ADDRESSES:
    "Comma-separated wallets that top up the house wallet: their transfers in are the operator's, never refunded as a player's nor reported (default none)",
  PAYMENT_SWEEP_GRACE_SECONDS:
    "How old a player's payment that nothing claims must be before the payment sweeper refunds it in full (default 300: longer than a client resubmits a payment refused for a passing reason)",
  PAYMENT_SWEEP_INTERVAL_SECONDS: "Seconds between the payment sweeper's passes over the ledger (default 60)",
  PAYMENT_SWEEP_CHAIN_SECONDS:
    "Least seconds between the payment sweeper's passes over the house wallet's incoming transfers on chain (default 300)",
  ADMIN_EMAIL: 'E-mail of an admin account created at start if absent (with ADMIN_PASSWORD)',
  ADMIN_PASSWORD: 'Password of that admin (at least 12 characters); used only to create it, never logged',
  METRICS_TOKEN:
    'Bearer token that may read GET /metrics from elsewhere than localhost (unset: localhost only)',
  PER_IP_LIMIT_FACTOR:
    'Multiplies every per-address limit (sign-in, game channel, local /rpc) for load tests from one address (default 1)',
  NODE_ID:
    "This server process's name among several on one database (its searches, matches and payout claims; 1-64 of A-Z a-z 0-9 _ . -); default the host name, and in cluster mode the host name and process id",
  REDIS_URL:
    'Redis URL (redis:// or rediss://) that turns on cluster mode: several game nodes on one PostgreSQL (needs DATABASE_URL); unset runs one process',
  SHUTDOWN_DRAIN_SECONDS:
    'Cluster mode: how long a node told to stop (SIGTERM) lets its live matches play to their end, starting no new one, before settling what is left (default 300; 0 settles at once)',
  REDIS_KEY_PREFIX:
    'Prefix of every Redis key and channel of this deployment, so two deployments can share a Redis (default pong)',
  WS_COMPRESSION:
    "'on' compresses game-channel messages (permessage-deflate) for clients that offer it: about a fifth of the bytes for more server CPU (default off)",
} as const;

export type ConfigVariable = keyof typeof CONFIG_VARIABLES;

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

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
const CLUSTERS = ['devnet', 'testnet', 'mainnet-beta', 'localnet'] as const;

const httpUrl = z.url({ protocol: /^https?$/ });
const httpOrigin = httpUrl.transform((u) => new URL(u).origin);
const postgresUrl = z.url({ protocol: /^postgres(ql)?$/ });

/** One rule per variable: its schema and how to say what it expected. */
const rules = {
  PORT: {
    schema: z.coerce.number().int().min(0).max(65_535).default(3000),
    expected: 'must be an integer from 0 to 65535 (0 picks a free port)',
  },
  HOST: { schema: z.string().min(1).default('0.0.0.0'), expected: 'must be a host name or address' },
  LOG_LEVEL: {
    schema: z.enum(LOG_LEVELS).default('warn'),
    expected: `must be one of ${LOG_LEVELS.join(', ')}`,
  },
  DATA_DIR: { schema: z.string().min(1).default('./data'), expected: 'must be a folder path' },
  DATABASE_URL: {
    schema: postgresUrl.optional(),
    expected: 'must be a postgres:// or postgresql:// URL',
  },
  SOLANA_RPC_URL: { schema: httpUrl.optional(), expected: 'must be an http:// or https:// URL' },
  SOLANA_CLUSTER: {
    schema: z.enum(CLUSTERS).default('mainnet-beta'),
    expected: `must be one of ${CLUSTERS.join(', ')}`,
  },
  PUBLIC_RPC_URL: { schema: httpUrl.optional(), expected: 'must be an http:// or https:// URL' },
  HOUSE_WALLET_KEYPAIR: { schema: z.string().min(1).optional(), expected: 'must not be empty' },
  ALLOWED_ORIGINS: {
    schema: z
      .string()
      .transform((s) =>
        s
          .split(',')
          .map((o) => o.trim())
          .filter(Boolean),
      )
      .pipe(z.array(httpOrigin).min(1))
      .optional(),
    expected: 'must be a comma-separated list of http(s) origins such as https://example.com',
  },
  PUBLIC_ORIGIN: {
    schema: httpOrigin.optional(),
    expected: 'must be the http(s) origin players browse, such as https://pong.example',
  },
  TRUST_PROXY: { schema: trustProxySchema.default(false), expected: TRUST_PROXY_EXPECTED },
  NODE_ENV: { schema: z.string().optional(), expected: 'must be a word such as production' },
  LOCAL_CHAIN: {
    schema: z
      .enum(['true', 'false', '1', '0'])
      .default('0')
      .transform((v) => v === 'true' || v === '1'),
    expected: 'must be 1 or 0',
  },
  RESTRICTED_COUNTRIES: { schema: restrictedCountriesSchema, expected: RESTRICTED_COUNTRIES_EXPECTED },
  HOUSE_BALANCE_FLOOR_SOL: {
    schema: solAmountSchema.default(solAmountSchema.parse(DEFAULT_HOUSE_BALANCE_FLOOR_SOL)),
    expected: SOL_AMOUNT_EXPECTED,
  },
  HOUSE_FUNDING_ADDRESSES: {
    schema: z
      .string()
      .default('')
      .transform((s) =>
        s
          .split(',')
          .map((a) => a.trim())
          .filter(Boolean),
      )
      .pipe(z.array(walletAddressSchema)),
    expected: 'must be a comma-separated list of base58 wallet addresses',
  },
  ADMIN_EMAIL: {
    schema: z
      .string()
      .trim()
      .regex(/^[^\s@]+@[^\s@]+\.[^\s@]+$/)
      .transform((s) => s.toLowerCase())
      .optional(),
    expected: 'must be an e-mail address such as ops@pong.example',
  },
  ADMIN_PASSWORD: {
    schema: z.string().min(12).optional(),
    expected: 'must be at least 12 characters long',
  },
  PAYMENT_SWEEP_GRACE_SECONDS: {
    schema: z.coerce.number().int().min(30).max(86_400).default(300),
    expected: 'must be a whole number of seconds from 30 to 86400',
  },
  PAYMENT_SWEEP_INTERVAL_SECONDS: {
    schema: z.coerce.number().int().min(1).max(3_600).default(60),
    expected: 'must be a whole number of seconds from 1 to 3600',
  },
  PAYMENT_SWEEP_CHAIN_SECONDS: {
    schema: z.coerce.number().int().min(1).max(86_400).default(300),
    expected: 'must be a whole number of seconds from 1 to 86400',
  },
  METRICS_TOKEN: { schema: z.string().min(16).optional(), expected: 'must be at least 16 characters long' },
  PER_IP_LIMIT_FACTOR: {
    schema: z.coerce.number().int().min(1).max(1_000_000).default(1),
    expected: 'must be an integer from 1 to 1000000',
  },
  WS_COMPRESSION: { schema: z.enum(['on', 'off']).default('off'), expected: "must be 'on' or 'off'" },
  REDIS_URL: {
    schema: z
      .string()
      .refine((raw) => {
        try {
          parseRedisUrl(raw);
          return true;
        } catch {
          return false;
        }
      })
      .optional(),
    expected: 'must be a redis:// or rediss:// URL (its path, if any, a database number such as /0)',
  },
  SHUTDOWN_DRAIN_SECONDS: {
    schema: z.coerce.number().int().min(0).max(3_600).default(300),
    expected: 'must be a whole number of seconds from 0 to 3600',
  },
  REDIS_KEY_PREFIX: {
    schema: z
      .string()
      .regex(/^[A-Za-z0-9_.:-]{1,64}$/)
      .default(DEFAULT_KEY_PREFIX),
    expected: 'must be 1 to 64 characters of A-Z a-z 0-9 _ . : -',
  },
  NODE_ID: {
    schema: z
      .string()
      .regex(/^[A-Za-z0-9_.-]{1,64}$/)
      .optional(),
    expected: 'must be 1 to 64 characters of A-Z a-z 0-9 _ . -',
  },
} satisfies Record<ConfigVariable, { schema: z.ZodType; expected: string }>;

type Parsed = { [K in ConfigVariable]: z.output<(typeof rules)[K]['schema']> };

export type ChainConfig =
  | { kind: 'local' }
  | {
      kind: 'remote';
      rpcUrl: string;
      publicRpcUrl: string;
      cluster: (typeof CLUSTERS)[number];
      houseWalletKeypair: string;
    };

export interface Config {
  port: number;
  host: string;
  logLevel: (typeof LOG_LEVELS)[number];
  dataDir: string;
  databaseUrl: string | undefined;
  chain: ChainConfig;
  /** House keypair source for the local chain too, when an operator wants a fixed one. */
  houseWalletKeypair: string | undefined;
  allowedOrigins: string[];
  /**
   * The one origin players use: the Sign In With Solana domain and URI come from here, never from a
   * request's Host, and its scheme decides whether cookies are Secure. PUBLIC_ORIGIN, else the first
   * allowed origin. With PORT=0 the default is fixed once the server has listened.
   */
  publicOrigin: string;
  trustProxy: TrustProxy;
  /** RESTRICTED_COUNTRIES: ISO codes whose addresses may not start a paid search (SPEC §1). */
  restrictedCountries: string[];
  /** HOUSE_BALANCE_FLOOR_SOL in lamports. */
  houseBalanceFloorLamports: bigint;
  /** HOUSE_FUNDING_ADDRESSES: the operator's top-ups come from these (the sweeper and reconcile pass them by). */
  houseFundingAddresses: string[];
  /** PAYMENT_SWEEP_*: the payment sweeper's grace and how often its ledger and chain passes run, in ms. */
  paymentSweep: { graceMs: number; intervalMs: number; chainIntervalMs: number };
  /** ADMIN_EMAIL and ADMIN_PASSWORD: an admin created at start if absent (src/server/admin/admin-bootstrap.ts). */
  admin: { email: string | undefined; password: string | undefined };
  /** METRICS_TOKEN: who may read /metrics from elsewhere than the machine itself. */
  metricsToken: string | undefined;
  /** PER_IP_LIMIT_FACTOR: every per-address rate limit is multiplied by it (1 in production). */
  perIpLimitFactor: number;
  /** NODE_ID: this process's name among several on one database; undefined means the default (node-id.ts). */
  nodeId: string | undefined;
  /** REDIS_URL and REDIS_KEY_PREFIX: cluster mode (issue 12) when set; null runs one process alone. */
  cluster: { redisUrl: string; keyPrefix: string; drainSeconds: number } | null;
  /** WS_COMPRESSION: permessage-deflate on the game channel (issue 11 weighs its bytes against its CPU). */
  wsCompression: boolean;
}

/**
 * Reads and validates the whole environment at once. Throws a ConfigError naming the first variable whose
 * value is wrong, so the server stops before it opens a database or a port.
 */
export function loadConfig(env: Record<string, string | undefined>): Config {
  const parsed = {} as Record<ConfigVariable, unknown>;
  for (const name of Object.keys(rules) as ConfigVariable[]) {
    // An empty RESTRICTED_COUNTRIES means "restrict none", not "use the default".
    const raw = env[name] === '' && name !== 'RESTRICTED_COUNTRIES' ? undefined : env[name];
    const result = rules[name].schema.safeParse(raw);
    if (!result.success) {
      // A refused secret is never echoed back: the error goes to the console.
      const secret =
        name === 'ADMIN_PASSWORD' ||
        name === 'METRICS_TOKEN' ||
        name === 'REDIS_URL' ||
        name === 'DATABASE_URL';
      const shown = secret && raw !== undefined ? '[hidden]' : raw;
      throw new ConfigError(name, rules[name].expected, shown);
    }
    parsed[name] = result.data;
  }
  const p = parsed as Parsed;

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
    houseFundingAddresses: p.HOUSE_FUNDING_ADDRESSES,
    paymentSweep: {
      graceMs: p.PAYMENT_SWEEP_GRACE_SECONDS * 1000,
      intervalMs: p.PAYMENT_SWEEP_INTERVAL_SECONDS * 1000,
      chainIntervalMs: p.PAYMENT_SWEEP_CHAIN_SECONDS * 1000,
    },
    admin: { email: p.ADMIN_EMAIL, password: p.ADMIN_PASSWORD },
    metricsToken: p.METRICS_TOKEN,
    perIpLimitFactor: p.PER_IP_LIMIT_FACTOR,
    wsCompression: p.WS_COMPRESSION === 'on',
    nodeId: p.NODE_ID,
    cluster: p.REDIS_URL
      ? { redisUrl: p.REDIS_URL, keyPrefix: p.REDIS_KEY_PREFIX, drainSeconds: p.SHUTDOWN_DRAIN_SECONDS }
      : null,
  };
}
