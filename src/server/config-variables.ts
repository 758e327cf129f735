import { z } from 'zod';
import { walletAddressSchema } from '../common/protocol.ts';
import { DEFAULT_CHALLENGE_EXPIRY_MINUTES, NODE_ID_PATTERN } from '../common/rules.ts';
import { TOTP_KEY_EXPECTED, totpKeySchema } from './admin/two-factor/totp-key.ts';
import { ADMIN_2FA_ROLES_EXPECTED, admin2faRolesSchema } from './admin/two-factor/two-factor-config.ts';
import { parseRedisUrl } from './cluster/redis-connection.ts';
import { DEFAULT_KEY_PREFIX, REDIS_KEY_PREFIX_PATTERN } from './cluster/redis-keys.ts';
import {
  DEFAULT_HOUSE_BALANCE_FLOOR_SOL,
  DEFAULT_RESTRICTED_COUNTRIES,
  RESTRICTED_COUNTRIES_EXPECTED,
  restrictedCountriesSchema,
  SOL_AMOUNT_EXPECTED,
  solAmountSchema,
} from './tracking/tracking-config.ts';
import { TRUST_PROXY_EXPECTED, trustProxySchema } from './trust-proxy.ts';

/**
 * One environment variable the server reads. The whole of it is stated here once: `loadConfig` parses it
 * with `schema` (after `default` when unset), a refusal says `NAME expected (got "value")`, and
 * `npm run docs:config` writes the README's configuration table from `shownDefault`/`default` and `doc`.
 */
export interface ConfigVariableSpec<S extends z.ZodType = z.ZodType> {
  /** Parses the raw text (or `default`, or undefined when unset with no default). */
  schema: S;
  /** The raw text used when the variable is unset (or empty, unless `keepEmpty`). */
  default?: string;
  /** The README's default column when it is not simply `default` (a computed or absent default). */
  shownDefault?: string;
  /** How a refusal says what was expected, after the variable's name. */
  expected: string;
  /** The README's meaning column (Markdown). */
  doc: string;
  /** A secret is never printed: a refused value shows as [hidden], and the README says so. */
  secret?: true;
  /** An empty value is a value of its own rather than "unset" (RESTRICTED_COUNTRIES: empty restricts none). */
  keepEmpty?: true;
}

const variable = <S extends z.ZodType>(spec: ConfigVariableSpec<S>): ConfigVariableSpec<S> => spec;

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
const CLUSTERS = ['devnet', 'testnet', 'mainnet-beta', 'localnet'] as const;

const httpUrl = z.url({ protocol: /^https?$/ });
const httpOrigin = httpUrl.transform((u) => new URL(u).origin);
const postgresUrl = z.url({ protocol: /^postgres(ql)?$/ });
const commaList = z.string().transform((s) =>
  s
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean),
);
const wholeSeconds = (min: number, max: number) => z.coerce.number().int().min(min).max(max);

/**
 * Every environment variable the server reads, in the order it checks them (the first wrong one stops
 * start-up) and the README lists them.
 */
export const CONFIG_TABLE = {
  PORT: variable({
    schema: z.coerce.number().int().min(0).max(65_535),
    default: '3000',
    expected: 'must be an integer from 0 to 65535 (0 picks a free port)',
    doc: "TCP port for HTTP, the game channel `/ws` and the local chain's `/rpc`",
  }),
  HOST: variable({
    schema: z.string().min(1),
    default: '0.0.0.0',
    expected: 'must be a host name or address',
    doc: 'Interface to bind',
  }),
  LOG_LEVEL: variable({
    schema: z.enum(LOG_LEVELS),
    default: 'warn',
    expected: `must be one of ${LOG_LEVELS.join(', ')}`,
    doc: `${LOG_LEVELS.slice(0, -1)
      .map((level) => `\`${level}\``)
      .join(', ')} or \`silent\`; logs are JSON lines on stdout`,
  }),
  DATA_DIR: variable({
    schema: z.string().min(1),
    default: './data',
    expected: 'must be a folder path',
    doc: 'Embedded database (`pgdata/`), local chain (`chain/`) and local house keypair',
  }),
  DATABASE_URL: variable({
    schema: postgresUrl.optional(),
    expected: 'must be a postgres:// or postgresql:// URL',
    doc: 'PostgreSQL URL (`postgres://user:pass@host:5432/db`); unset = embedded PGlite in `DATA_DIR`',
    secret: true,
  }),
  SOLANA_RPC_URL: variable({
    schema: httpUrl.optional(),
    expected: 'must be an http:// or https:// URL',
    doc: 'Solana JSON-RPC URL of a real cluster; unset = the embedded local chain at `/rpc`',
  }),
  SOLANA_CLUSTER: variable({
    schema: z.enum(CLUSTERS),
    default: 'mainnet-beta',
    expected: `must be one of ${CLUSTERS.join(', ')}`,
    doc: "Cluster behind `SOLANA_RPC_URL`: `devnet`, `testnet` or `mainnet-beta`; `localnet` when it is another game node's embedded local chain (refused with `NODE_ENV=production`)",
  }),
  PUBLIC_RPC_URL: variable({
    schema: httpUrl.optional(),
    expected: 'must be an http:// or https:// URL',
    doc: 'RPC URL handed to browsers; required with `SOLANA_RPC_URL` so a private RPC key never leaks',
  }),
  HOUSE_WALLET_KEYPAIR: variable({
    schema: z.string().min(1).optional(),
    expected: 'must not be empty',
    doc: 'House wallet secret: a JSON byte array (as `solana-keygen` writes), a base58 secret, or a path to a file holding either. Required with `SOLANA_RPC_URL`',
    secret: true,
  }),
  ALLOWED_ORIGINS: variable({
    schema: commaList.pipe(z.array(httpOrigin).min(1)).optional(),
    shownDefault: '`http://localhost:PORT,http://127.0.0.1:PORT`',
    expected: 'must be a comma-separated list of http(s) origins such as https://example.com',
    doc: 'Comma-separated origins allowed to open `/ws` and make state-changing requests (`PUBLIC_ORIGIN` is always one of them)',
  }),
  PUBLIC_ORIGIN: variable({
    schema: httpOrigin.optional(),
    shownDefault: 'first of `ALLOWED_ORIGINS`',
    expected: 'must be the http(s) origin players browse, such as https://pong.example',
    doc: "The origin players browse, e.g. `https://pong.example`. The Sign In With Solana domain and URI come from it (never from a request's Host), and `https` makes the session cookie `Secure` even behind a TLS proxy that forwards plain http",
  }),
  TRUST_PROXY: variable({
    schema: trustProxySchema,
    default: 'false',
    expected: TRUST_PROXY_EXPECTED,
    doc: "Reverse proxies in front of the server: `false`; a hop count (`1` = one proxy: the client IP is the address that proxy appended to `X-Forwarded-For`); or the proxies' addresses/CIDRs, e.g. `10.0.0.0/8,127.0.0.1`. `true` is refused (it would believe the left-most `X-Forwarded-For` entry, which the client writes). A hop count assumes the server is reachable only through its proxies; a list is safer",
  }),
  NODE_ENV: variable({
    schema: z.string().optional(),
    expected: 'must be a word such as production',
    doc: '`production` refuses to start the embedded local chain unless `LOCAL_CHAIN=1` (a deployment that forgot `SOLANA_RPC_URL` would otherwise serve a faucet)',
  }),
  LOCAL_CHAIN: variable({
    schema: z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1'),
    default: '0',
    expected: 'must be 1 or 0',
    doc: '`1` runs the embedded local chain even with `NODE_ENV=production`; refused together with `SOLANA_RPC_URL`',
  }),
  RESTRICTED_COUNTRIES: variable({
    schema: restrictedCountriesSchema,
    shownDefault: `\`${DEFAULT_RESTRICTED_COUNTRIES.join(',')}\``,
    keepEmpty: true,
    expected: RESTRICTED_COUNTRIES_EXPECTED,
    doc: 'ISO 3166-1 country codes whose addresses may not start a paid search ([docs/rules.md](docs/rules.md) §1: United States, United Kingdom, Hong Kong, Singapore, Malta and the countries under comprehensive sanctions: Cuba, Iran, North Korea, Syria). The country comes from the GeoLite2 database shipped in `@ip-location-db/geolite2-country-mmdb`, read offline at start (GeoLite2 data by MaxMind, CC BY-SA 4.0); the address is the one `TRUST_PROXY` decides. Practice stays open; each refusal is a system event. Empty (or `none`) restricts no country',
  }),
  HOUSE_BALANCE_FLOOR_SOL: variable({
    schema: solAmountSchema,
    default: DEFAULT_HOUSE_BALANCE_FLOOR_SOL,
    expected: SOL_AMOUNT_EXPECTED,
    doc: "A critical `house_balance_low` system event is recorded when the house wallet's balance falls below this many SOL (checked at start and every `HOUSE_BALANCE_CHECK_SECONDS`; one event per crossing, and one `house_balance_restored` when it is back)",
  }),
  HOUSE_BALANCE_CHECK_SECONDS: variable({
    schema: wholeSeconds(1, 3_600),
    default: '60',
    expected: 'must be a whole number of seconds from 1 to 3600',
    doc: "Seconds between readings of the house wallet's balance (one RPC call each); a reading the RPC refuses is logged and changes nothing",
  }),
  HOUSE_FUNDING_ADDRESSES: variable({
    schema: commaList.pipe(z.array(walletAddressSchema)),
    default: '',
    shownDefault: 'none',
    expected: 'must be a comma-separated list of base58 wallet addresses',
    doc: "Comma-separated wallet addresses that top up the house wallet: their transfers in are the operator's, never refunded by the payment sweeper nor listed by `npm run reconcile` (the local chain's faucet always counts as one)",
  }),
  ADMIN_EMAIL: variable({
    schema: z
      .string()
      .trim()
      .regex(/^[^\s@]+@[^\s@]+\.[^\s@]+$/)
      .transform((s) => s.toLowerCase())
      .optional(),
    expected: 'must be an e-mail address such as ops@pong.example',
    doc: 'E-mail of an admin account created at start if it does not exist (with `ADMIN_PASSWORD`; an existing account is never changed). On the embedded default without `ADMIN_PASSWORD` it names the first admin (see [docs/operations.md](docs/operations.md#the-first-admin))',
  }),
  ADMIN_PASSWORD: variable({
    schema: z.string().min(12).optional(),
    expected: 'must be at least 12 characters long',
    doc: "That admin's password, at least 12 characters; used only to create the account (stored as an argon2id hash), never logged or echoed back",
    secret: true,
  }),
  ADMIN_2FA_ROLES: variable({
    schema: admin2faRolesSchema,
    default: 'owner,admin',
    keepEmpty: true,
    expected: ADMIN_2FA_ROLES_EXPECTED,
    doc: 'Comma-separated admin roles (`owner`, `admin`, `support`, `viewer`) that must pass a second factor (an authenticator app code, RFC 6238 TOTP, or a one-time recovery code) after the password; enrolment is asked at their first sign-in. Empty asks it of none',
  }),
  ADMIN_TOTP_KEY: variable({
    schema: totpKeySchema.optional(),
    shownDefault: '`DATA_DIR/admin-totp.key`, created at first start when absent',
    expected: TOTP_KEY_EXPECTED,
    doc: "32 random bytes as 64 hex characters or base64 (`openssl rand -hex 32`) that encrypt the admins' authenticator secrets at rest (AES-256-GCM). Unset, the server reads `admin-totp.key` in `DATA_DIR`, creating it (mode 0600) if absent: back it up with the database. Required with `REDIS_URL` (every node needs the same key). Losing it loses every enrolment (`npm run admin:create -- --email … --reset-2fa` starts one afresh); never logged",
    secret: true,
  }),
  PAYMENT_SWEEP_GRACE_SECONDS: variable({
    schema: wholeSeconds(30, 86_400),
    default: '300',
    expected: 'must be a whole number of seconds from 30 to 86400',
    doc: "How old a player's payment that nothing claims (no search, no match, no refund, no fee kept on a cancel) must be before the payment sweeper refunds it in full; at least 30. Keep it above the 2 minutes a client resubmits a payment refused for a passing reason",
  }),
  PAYMENT_SWEEP_INTERVAL_SECONDS: variable({
    schema: wholeSeconds(1, 3_600),
    default: '60',
    expected: 'must be a whole number of seconds from 1 to 3600',
    doc: "Seconds between the sweeper's passes over the ledger",
  }),
  PAYMENT_SWEEP_CHAIN_SECONDS: variable({
    schema: wholeSeconds(1, 86_400),
    default: '300',
    expected: 'must be a whole number of seconds from 1 to 86400',
    doc: "Least seconds between the sweeper's passes over the house wallet's new incoming transfers on chain",
  }),
  CHALLENGE_EXPIRY_MINUTES: variable({
    schema: z.coerce.number().int().min(1).max(1_440),
    default: String(DEFAULT_CHALLENGE_EXPIRY_MINUTES),
    expected: 'must be a whole number of minutes from 1 to 1440',
    doc: "How long a challenge (the lobby's 'Challenge a friend') waits for the friend to accept it before it closes with its entry fee refunded in full",
  }),
  RISK_FLAG_THRESHOLD: variable({
    schema: z.coerce.number().int().min(1).max(100),
    default: '60',
    expected: 'must be a whole number from 1 to 100',
    doc: "A wallet whose risk score (0-100, recomputed after each of its matches from its results, opponents, IPs and recorded play: chip dumping, multi-accounting, bot-like play) reaches this is flagged for review by 'system', with the evidence attached",
  }),
  METRICS_TOKEN: variable({
    schema: z.string().min(16).optional(),
    expected: 'must be at least 16 characters long',
    doc: 'A bearer token (at least 16 characters) with which `GET /metrics` (Prometheus text: tick time, missed ticks, event-loop delay, the paid-search path, CPU, memory) may be read from elsewhere; without it only requests from the machine itself (loopback, not forwarded by a proxy) may read it',
    secret: true,
  }),
  PER_IP_LIMIT_FACTOR: variable({
    schema: z.coerce.number().int().min(1).max(1_000_000),
    default: '1',
    expected: 'must be an integer from 1 to 1000000',
    doc: "Multiplies every per-address limit (sign-in, the game channel's per-address sockets, handshakes and messages, the local `/rpc`): for load tests whose bots all come from one address, never for production",
  }),
  WS_COMPRESSION: variable({
    schema: z.enum(['on', 'off']),
    default: 'off',
    expected: "must be 'on' or 'off'",
    doc: '`on` compresses game-channel messages (permessage-deflate, 10-bit window, fastest level) for clients that offer it, as browsers do. Measured when the match streamed 9 KB a second per player (it fell to about 1.4 KB, for two to three times the server CPU, and fell behind at 250 matches on 2 cores); a player now gets under 1 KB a second of mostly small frames, so it rarely pays ([bench/RESULTS.md](bench/RESULTS.md))',
  }),
  REDIS_URL: variable({
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
    doc: '`redis://` or `rediss://` URL that turns on cluster mode: several game nodes sharing one PostgreSQL (`DATABASE_URL` is then required) and this Redis. Unset runs one process alone, with nothing to install. See [docs/cluster.md](docs/cluster.md)',
    secret: true,
  }),
  SHUTDOWN_DRAIN_SECONDS: variable({
    schema: wholeSeconds(0, 3_600),
    default: '300',
    expected: 'must be a whole number of seconds from 0 to 3600',
    doc: 'Cluster mode: how long a node told to stop (SIGTERM) lets its matches under way play to their end, starting no new one (its searches stay in the shared queue for other nodes), before it settles what is left as a restart does. `0` settles at once; one process alone always settles at once',
  }),
  REDIS_KEY_PREFIX: variable({
    schema: z.string().regex(REDIS_KEY_PREFIX_PATTERN),
    default: DEFAULT_KEY_PREFIX,
    expected: 'must be 1 to 64 characters of A-Z a-z 0-9 _ . : -',
    doc: 'Prefix of every Redis key of the deployment, so two deployments (or tests) can share one Redis',
  }),
  NODE_ID: variable({
    schema: z.string().regex(NODE_ID_PATTERN).optional(),
    shownDefault: 'the host name; in cluster mode the host name and process id',
    expected: 'must be 1 to 64 characters of A-Z a-z 0-9 _ . -',
    doc: "This server process's name among several on one database (1-64 of `A-Z a-z 0-9 _ . -`). Its searches and matches carry it (another game node settles them if this one is lost), and a restart takes back the payout claims its dead predecessor of the same name left. Each process needs its own: a node started under a name that is still beating in Redis waits one lease (5 s) and then refuses to start",
  }),
} as const;

export type ConfigVariable = keyof typeof CONFIG_TABLE;

/** What each variable parses to. */
export type ConfigValue<K extends ConfigVariable> = z.output<(typeof CONFIG_TABLE)[K]['schema']>;

/** Every variable's meaning, by name (from the table). */
export const CONFIG_VARIABLES = Object.fromEntries(
  Object.entries(CONFIG_TABLE).map(([name, spec]) => [name, spec.doc]),
) as Record<ConfigVariable, string>;

/** The variables whose values are never printed. */
export const SECRET_VARIABLES: ReadonlySet<ConfigVariable> = new Set(
  (Object.keys(CONFIG_TABLE) as ConfigVariable[]).filter(
    (name) => (CONFIG_TABLE[name] as ConfigVariableSpec).secret,
  ),
);
