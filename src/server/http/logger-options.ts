import type { FastifyServerOptions } from 'fastify';
import type { Config } from '../config.ts';

/**
 * Structured JSON logs at the configured level (warn by default). Anything that could carry a secret or a
 * session is redacted before it is written, whatever a caller passes in.
 */
export function loggerOptions(level: Config['logLevel']): FastifyServerOptions['logger'] {
  return {
    level,
    redact: {
      paths: [
        'req.headers.cookie',
        'req.headers.authorization',
        'res.headers["set-cookie"]',
        '*.secretKey',
        '*.password',
        '*.keypair',
        '*.houseWalletKeypair',
        'config.houseWalletKeypair',
        'config.chain.houseWalletKeypair',
        'config.databaseUrl',
      ],
      censor: '[redacted]',
    },
  };
}
