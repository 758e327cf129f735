import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  CONFIG_TABLE,
  CONFIG_VARIABLES,
  ConfigError,
  type ConfigVariable,
  loadConfig,
  SECRET_VARIABLES,
} from './config.ts';
import { signInChainIdFor } from './http/auth/sign-in-chain-id.ts';

describe('configuration', () => {
  it('runs on embedded defaults with no environment at all', () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.logLevel).toBe('warn');
    expect(config.dataDir).toBe(path.resolve('./data'));
    expect(config.databaseUrl).toBeUndefined();
    expect(config.chain).toEqual({ kind: 'local' });
    expect(config.allowedOrigins).toEqual(['http://localhost:3000', 'http://127.0.0.1:3000']);
    expect(config.publicOrigin).toBe('http://localhost:3000');
    expect(config.trustProxy).toBe(false);
  });

  it('the public origin is PUBLIC_ORIGIN, else the first allowed origin, and is always allowed', () => {
    expect(loadConfig({ ALLOWED_ORIGINS: 'https://a.example,https://b.example' }).publicOrigin).toBe(
      'https://a.example',
    );
    const both = loadConfig({
      PUBLIC_ORIGIN: 'https://pong.example/play',
      ALLOWED_ORIGINS: 'https://b.example',
    });
    expect(both.publicOrigin).toBe('https://pong.example');
    expect(both.allowedOrigins).toEqual(['https://pong.example', 'https://b.example']);
    const only = loadConfig({ PUBLIC_ORIGIN: 'https://pong.example' });
    expect(only.allowedOrigins).toEqual(['https://pong.example']);
  });

  it('NODE_ENV=production refuses the embedded local chain unless LOCAL_CHAIN=1 says so', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(
      /LOCAL_CHAIN must be 1 to run the embedded local chain with NODE_ENV=production/,
    );
    expect(loadConfig({ NODE_ENV: 'production', LOCAL_CHAIN: '1' }).chain).toEqual({ kind: 'local' });
    expect(loadConfig({ NODE_ENV: 'development' }).chain).toEqual({ kind: 'local' });
    const remote = {
      SOLANA_RPC_URL: 'https://rpc.example/key',
      PUBLIC_RPC_URL: 'https://api.devnet.solana.com',
      HOUSE_WALLET_KEYPAIR: '/secret/house.json',
    };
    expect(loadConfig({ ...remote, NODE_ENV: 'production' }).chain.kind).toBe('remote');
    expect(() => loadConfig({ ...remote, LOCAL_CHAIN: '1' })).toThrow(/LOCAL_CHAIN must not be 1/);
  });

  it('treats an empty variable as unset', () => {
    expect(loadConfig({ PORT: '', DATABASE_URL: '' }).port).toBe(3000);
  });

  it.each([
    ['PORT', 'abc', 'PORT must be an integer from 0 to 65535 (0 picks a free port) (got "abc")'],
    ['PORT', '70000', 'PORT must be an integer from 0 to 65535'],
    ['LOG_LEVEL', 'loud', 'LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent'],
    ['DATABASE_URL', 'mysql://x', 'DATABASE_URL must be a postgres:// or postgresql:// URL'],
    ['SOLANA_RPC_URL', 'not a url', 'SOLANA_RPC_URL must be an http:// or https:// URL'],
    ['SOLANA_CLUSTER', 'regtest', 'SOLANA_CLUSTER must be one of devnet, testnet, mainnet-beta, localnet'],
    ['ALLOWED_ORIGINS', 'ftp://x', 'ALLOWED_ORIGINS must be a comma-separated list of http(s) origins'],
    ['TRUST_PROXY', 'yes', 'TRUST_PROXY must be false, a hop count'],
    ['PUBLIC_ORIGIN', 'pong.example', 'PUBLIC_ORIGIN must be the http(s) origin players browse'],
    ['LOCAL_CHAIN', 'maybe', 'LOCAL_CHAIN must be 1 or 0'],
  ] as const)('a wrong %s (%s) stops start-up with a message naming it', (variable, value, message) => {
    let error: unknown;
    try {
      loadConfig({ [variable]: value });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as ConfigError).variable).toBe(variable);
    expect((error as ConfigError).message).toContain(message);
  });

  it('a remote chain needs the house keypair, and the message never echoes a secret', () => {
    expect(() => loadConfig({ SOLANA_RPC_URL: 'https://api.devnet.solana.com' })).toThrow(
      /HOUSE_WALLET_KEYPAIR is required when SOLANA_RPC_URL/,
    );
  });

  it('a remote chain needs a public RPC URL so the private one never reaches a browser', () => {
    expect(() =>
      loadConfig({ SOLANA_RPC_URL: 'https://rpc.example/key', HOUSE_WALLET_KEYPAIR: '/secret/house.json' }),
    ).toThrow(/PUBLIC_RPC_URL is required/);
  });

  it('a complete remote configuration selects the remote chain', () => {
    const config = loadConfig({
      SOLANA_RPC_URL: 'https://rpc.example/key',
      PUBLIC_RPC_URL: 'https://api.devnet.solana.com',
      SOLANA_CLUSTER: 'devnet',
      HOUSE_WALLET_KEYPAIR: '/secret/house.json',
      ALLOWED_ORIGINS: 'https://pong.example, https://www.pong.example/',
    });
    expect(config.chain).toEqual({
      kind: 'remote',
      rpcUrl: 'https://rpc.example/key',
      publicRpcUrl: 'https://api.devnet.solana.com',
      cluster: 'devnet',
      houseWalletKeypair: '/secret/house.json',
    });
    expect(config.allowedOrigins).toEqual(['https://pong.example', 'https://www.pong.example']);
  });

  it('documents every variable it reads', () => {
    expect(Object.keys(CONFIG_VARIABLES).sort()).toEqual(
      [
        'ADMIN_2FA_ROLES',
        'ADMIN_EMAIL',
        'ADMIN_PASSWORD',
        'ADMIN_TOTP_KEY',
        'ALLOWED_ORIGINS',
        'CHALLENGE_EXPIRY_MINUTES',
        'DATABASE_URL',
        'DATA_DIR',
        'HOST',
        'HOUSE_BALANCE_CHECK_SECONDS',
        'HOUSE_BALANCE_FLOOR_SOL',
        'HOUSE_FUNDING_ADDRESSES',
        'HOUSE_WALLET_KEYPAIR',
        'LOCAL_CHAIN',
        'LOG_LEVEL',
        'METRICS_TOKEN',
        'NODE_ENV',
        'NODE_ID',
        'PAYMENT_SWEEP_CHAIN_SECONDS',
        'PAYMENT_SWEEP_GRACE_SECONDS',
        'PAYMENT_SWEEP_INTERVAL_SECONDS',
        'PER_IP_LIMIT_FACTOR',
        'PORT',
        'PUBLIC_ORIGIN',
        'PUBLIC_RPC_URL',
        'REDIS_KEY_PREFIX',
        'REDIS_URL',
        'RESTRICTED_COUNTRIES',
        'RISK_FLAG_THRESHOLD',
        'SHUTDOWN_DRAIN_SECONDS',
        'SOLANA_CLUSTER',
        'SOLANA_RPC_URL',
        'TRUST_PROXY',
        'WS_COMPRESSION',
      ].sort(),
    );
  });

  it('CHALLENGE_EXPIRY_MINUTES: 10 by default, a whole number of minutes from 1 to 1440', () => {
    expect(loadConfig({}).challengeExpiryMinutes).toBe(10);
    expect(loadConfig({ CHALLENGE_EXPIRY_MINUTES: '30' }).challengeExpiryMinutes).toBe(30);
    for (const bad of ['0', '1441', '2.5', 'ten']) {
      expect(() => loadConfig({ CHALLENGE_EXPIRY_MINUTES: bad })).toThrow(/CHALLENGE_EXPIRY_MINUTES must be/);
    }
  });

  it('RISK_FLAG_THRESHOLD: 60 by default, a whole score from 1 to 100', () => {
    expect(loadConfig({}).riskFlagThreshold).toBe(60);
    expect(loadConfig({ RISK_FLAG_THRESHOLD: '75' }).riskFlagThreshold).toBe(75);
    for (const bad of ['0', '101', '2.5', 'high']) {
      expect(() => loadConfig({ RISK_FLAG_THRESHOLD: bad })).toThrow(/RISK_FLAG_THRESHOLD must be/);
    }
  });

  it("SOLANA_CLUSTER=localnet: another game node's local chain, named as such to the page and the wallet; never in production", () => {
    const remote = {
      SOLANA_RPC_URL: 'http://127.0.0.1:8081/rpc',
      PUBLIC_RPC_URL: 'http://127.0.0.1:8080/rpc',
      HOUSE_WALLET_KEYPAIR: '/keys/house.json',
      SOLANA_CLUSTER: 'localnet',
    };
    expect(loadConfig(remote).chain).toMatchObject({ kind: 'remote', cluster: 'localnet' });
    expect(signInChainIdFor(loadConfig(remote).chain)).toBe('solana:localnet');
    expect(() => loadConfig({ ...remote, NODE_ENV: 'production' })).toThrow(
      'SOLANA_CLUSTER must not be localnet with NODE_ENV=production',
    );
  });

  it('REDIS_URL: unset runs one process; set (with DATABASE_URL) turns on cluster mode with its key prefix', () => {
    expect(loadConfig({}).cluster).toBeNull();
    const pg = 'postgres://db.internal/pong';
    const key = 'ab'.repeat(32);
    expect(
      loadConfig({ REDIS_URL: 'redis://cache:6379/0', DATABASE_URL: pg, ADMIN_TOTP_KEY: key }).cluster,
    ).toEqual({
      redisUrl: 'redis://cache:6379/0',
      keyPrefix: 'pong',
      drainSeconds: 300,
    });
    const eu = {
      REDIS_URL: 'rediss://cache:6380',
      DATABASE_URL: pg,
      REDIS_KEY_PREFIX: 'pong-eu',
      ADMIN_TOTP_KEY: key,
    };
    expect(loadConfig({ ...eu, SHUTDOWN_DRAIN_SECONDS: '0' }).cluster).toEqual({
      redisUrl: 'rediss://cache:6380',
      keyPrefix: 'pong-eu',
      drainSeconds: 0,
    });
    expect(() => loadConfig({ ...eu, SHUTDOWN_DRAIN_SECONDS: '-1' })).toThrow(
      /SHUTDOWN_DRAIN_SECONDS must be/,
    );
    expect(() => loadConfig({ ...eu, SHUTDOWN_DRAIN_SECONDS: '2.5' })).toThrow(
      /SHUTDOWN_DRAIN_SECONDS must be/,
    );
    expect(() => loadConfig({ REDIS_URL: 'redis://cache:6379' })).toThrow(
      'DATABASE_URL is required when REDIS_URL is set (cluster mode)',
    );
    expect(() => loadConfig({ REDIS_URL: 'http://cache:6379', DATABASE_URL: pg })).toThrow(
      /REDIS_URL must be/,
    );
    expect(() => loadConfig({ REDIS_URL: 'redis://x', REDIS_KEY_PREFIX: 'a b', DATABASE_URL: pg })).toThrow(
      /REDIS_KEY_PREFIX/,
    );
  });

  it('ADMIN_2FA_ROLES: owner and admin by default, any list of roles, empty for none; ADMIN_TOTP_KEY: 32 bytes', () => {
    expect(loadConfig({}).twoFactor).toEqual({ roles: ['owner', 'admin'], key: undefined });
    expect(loadConfig({ ADMIN_2FA_ROLES: 'owner, support,owner' }).twoFactor.roles).toEqual([
      'owner',
      'support',
    ]);
    expect(loadConfig({ ADMIN_2FA_ROLES: '' }).twoFactor.roles).toEqual([]);
    expect(() => loadConfig({ ADMIN_2FA_ROLES: 'owner,root' })).toThrow(/ADMIN_2FA_ROLES must be/);
    const hex = '0f'.repeat(32);
    expect(loadConfig({ ADMIN_TOTP_KEY: hex }).twoFactor.key).toEqual(Buffer.from(hex, 'hex'));
    const b64 = Buffer.alloc(32, 7).toString('base64');
    expect(loadConfig({ ADMIN_TOTP_KEY: b64 }).twoFactor.key).toEqual(Buffer.alloc(32, 7));
    expect(() => loadConfig({ ADMIN_TOTP_KEY: 'ab'.repeat(16) })).toThrow(/ADMIN_TOTP_KEY must be 32 bytes/);
    const cluster = { REDIS_URL: 'redis://cache:6379', DATABASE_URL: 'postgres://db.internal/pong' };
    expect(() => loadConfig(cluster)).toThrow(/ADMIN_TOTP_KEY is required when REDIS_URL is set/);
    expect(loadConfig({ ...cluster, ADMIN_2FA_ROLES: '' }).twoFactor.key).toBeUndefined();
  });

  it('a refused REDIS_URL or DATABASE_URL is not echoed: it may hold a password', () => {
    const refused = (env: Record<string, string>) => {
      try {
        loadConfig(env);
      } catch (error) {
        return (error as Error).message;
      }
      throw new Error('accepted');
    };
    const redis = refused({ REDIS_URL: 'http://user:hunter2hunter2@cache:6379' });
    expect(redis).toMatch(/^REDIS_URL /);
    expect(redis).not.toContain('hunter2');
    const database = refused({ DATABASE_URL: 'mysql://user:hunter2hunter2@db/pong' });
    expect(database).toMatch(/^DATABASE_URL /);
    expect(database).not.toContain('hunter2');
  });

  it('NODE_ID: unset by default (the host name is used); a valid name kept; a bad one refused by name', () => {
    expect(loadConfig({}).nodeId).toBeUndefined();
    expect(loadConfig({ NODE_ID: 'game-2.eu_west' }).nodeId).toBe('game-2.eu_west');
    expect(() => loadConfig({ NODE_ID: 'game 2' })).toThrow(/NODE_ID/);
    expect(() => loadConfig({ NODE_ID: 'x'.repeat(65) })).toThrow(/NODE_ID/);
  });

  it("WS_COMPRESSION: off unless 'on'; any other value is refused by name", () => {
    expect(loadConfig({}).wsCompression).toBe(false);
    expect(loadConfig({ WS_COMPRESSION: 'off' }).wsCompression).toBe(false);
    expect(loadConfig({ WS_COMPRESSION: 'on' }).wsCompression).toBe(true);
    expect(() => loadConfig({ WS_COMPRESSION: 'yes' })).toThrow(/WS_COMPRESSION/);
  });

  it('HOUSE_FUNDING_ADDRESSES: none by default; a list of wallet addresses kept; anything else refused by name', () => {
    const treasury = 'FUNDxTreasury1111111111111111111111111111111';
    expect(loadConfig({}).houseFundingAddresses).toEqual([]);
    expect(loadConfig({ HOUSE_FUNDING_ADDRESSES: ` ${treasury} ,` }).houseFundingAddresses).toEqual([
      treasury,
    ]);
    expect(() => loadConfig({ HOUSE_FUNDING_ADDRESSES: 'not an address' })).toThrow(
      /HOUSE_FUNDING_ADDRESSES/,
    );
  });

  it('a secret is never echoed: a refused DATABASE_URL, HOUSE_WALLET_KEYPAIR, ADMIN_PASSWORD, ADMIN_TOTP_KEY, METRICS_TOKEN or REDIS_URL shows as [hidden]', () => {
    expect([...SECRET_VARIABLES].sort()).toEqual(
      [
        'ADMIN_PASSWORD',
        'ADMIN_TOTP_KEY',
        'DATABASE_URL',
        'HOUSE_WALLET_KEYPAIR',
        'METRICS_TOKEN',
        'REDIS_URL',
      ].sort(),
    );
    for (const name of SECRET_VARIABLES) {
      let message = '';
      try {
        loadConfig({ [name]: 'hunter2' });
      } catch (error) {
        message = (error as Error).message;
      }
      expect(message).not.toContain('hunter2');
      if (message) expect(message).toContain('(got "[hidden]")');
    }
  });

  it('every variable has one entry: its meaning, what a refusal expects, and a default that parses', () => {
    for (const name of Object.keys(CONFIG_TABLE) as ConfigVariable[]) {
      const spec = CONFIG_TABLE[name];
      expect(spec.doc.length, name).toBeGreaterThan(0);
      expect(spec.expected, name).toMatch(/^(must|is) /);
      expect(CONFIG_VARIABLES[name]).toBe(spec.doc);
      if ('default' in spec) expect(spec.schema.safeParse(spec.default).success, name).toBe(true);
    }
  });
});
