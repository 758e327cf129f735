import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CONFIG_VARIABLES, ConfigError, loadConfig } from './config.ts';

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

  it('issue 8 fault 2: the public origin is PUBLIC_ORIGIN, else the first allowed origin, and is always allowed', () => {
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

  it('issue 8 fault 7: NODE_ENV=production refuses the embedded local chain unless LOCAL_CHAIN=1 says so', () => {
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
    ['SOLANA_CLUSTER', 'localnet', 'SOLANA_CLUSTER must be one of devnet, testnet, mainnet-beta'],
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
        'ADMIN_EMAIL',
        'ADMIN_PASSWORD',
        'ALLOWED_ORIGINS',
        'DATABASE_URL',
        'DATA_DIR',
        'HOST',
        'HOUSE_BALANCE_FLOOR_SOL',
        'HOUSE_WALLET_KEYPAIR',
        'LOCAL_CHAIN',
        'LOG_LEVEL',
        'METRICS_TOKEN',
        'NODE_ENV',
        'NODE_ID',
        'PER_IP_LIMIT_FACTOR',
        'PORT',
        'PUBLIC_ORIGIN',
        'PUBLIC_RPC_URL',
        'RESTRICTED_COUNTRIES',
        'SOLANA_CLUSTER',
        'SOLANA_RPC_URL',
        'TRUST_PROXY',
        'WS_COMPRESSION',
      ].sort(),
    );
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
});
