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
    expect(config.trustProxy).toBe(false);
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
    ['TRUST_PROXY', 'yes', 'TRUST_PROXY must be true or false'],
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
        'ALLOWED_ORIGINS',
        'DATABASE_URL',
        'DATA_DIR',
        'HOST',
        'HOUSE_WALLET_KEYPAIR',
        'LOG_LEVEL',
        'PORT',
        'PUBLIC_RPC_URL',
        'SOLANA_CLUSTER',
        'SOLANA_RPC_URL',
        'TRUST_PROXY',
      ].sort(),
    );
  });
});
