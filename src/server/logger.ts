import type { FastifyBaseLogger } from 'fastify';
import pino from 'pino';
import type { Config } from './config.ts';
import { errorForLog } from './error-for-log.ts';

/** The process's pino logger: Fastify's request log and every service's lines go through one instance. */
export type ServerLogger = FastifyBaseLogger;

/**
 * What a service logs through: a line, and the error behind it when there is one. Made from the process's
 * pino logger by `logTo`; a test passes a function that collects the lines.
 */
export type Logger = (message: string, error?: unknown) => void;

/**
 * The one logger a server process makes: structured JSON at the configured level (warn by default).
 * Anything that could carry a secret or a session is redacted before it is written, whatever a caller
 * passes in. Every error, a service's or one Fastify logs for a request, is serialised by `errorForLog`,
 * which never throws: a logger that throws on what it is given turns a logged fault into a crash.
 */
export function createServerLogger(
  level: Config['logLevel'] = 'warn',
  /** Where the lines go; standard output by default (tests read them from a stream of their own). */
  destination?: pino.DestinationStream,
): ServerLogger {
  const options: pino.LoggerOptions = {
    level,
    serializers: { err: errorForLog },
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
  return destination ? pino(options, destination) : pino(options);
}

/**
 * A service's `Logger` on the process's logger, its lines prefixed by `scope` ("money: ..."): a line with
 * an error is logged at error level with the error serialised under `err`, one without at warn level.
 */
export function logTo(logger: ServerLogger, scope?: string): Logger {
  return (message, error) => {
    const line = scope ? `${scope}: ${message}` : message;
    if (error === undefined) logger.warn(line);
    else logger.error({ err: error }, line);
  };
}

let fallback: ServerLogger | undefined;

/**
 * For a service made without a logger (a test, a CLI): a logger configured as the server's, made once.
 * The server passes its own.
 */
export function standaloneLog(scope: string): Logger {
  fallback ??= createServerLogger();
  return logTo(fallback, scope);
}
