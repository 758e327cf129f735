import fastifyCookie from '@fastify/cookie';
import Fastify, { type FastifyInstance } from 'fastify';
import { type AdminRoutesDeps, registerAdminRoutes } from '../admin/register-admin-routes.ts';
import { chainFaceOf } from '../chain/chain-choice.ts';
import type { Config } from '../config.ts';
import { createServerLogger, type ServerLogger } from '../logger.ts';
import { fastifyTrustProxy } from '../trust-proxy.ts';
import { registerPublicRoutes } from './public-routes.ts';
import { registerSecurityHeaders } from './security-headers.ts';
import { registerStaticClient } from './static-client.ts';

export interface AppDeps {
  config: Config;
  /** The instance to register on (createFastify), when the services needed its logger first; a new one by default. */
  app?: FastifyInstance;
  houseWallet: string;
  clientDir: string;
  /** Mounts extra routes before the catch-all (the local chain's /rpc, later the game channel). */
  plugins?: Array<(app: FastifyInstance) => Promise<void> | void>;
  /** The admin API under /api/admin (sign-in, sessions, guarded routes); origins come from the config. */
  admin?: Omit<AdminRoutesDeps, 'allowedOrigins' | 'publicOrigin'>;
  /** The process's logger (one made from LOG_LEVEL when absent): Fastify logs its requests through it. */
  logger?: ServerLogger;
}

/** The bare Fastify instance: its logger, proxy trust, limits and error answers; no routes yet. */
export function createFastify(config: Config, logger?: ServerLogger): FastifyInstance {
  const app = Fastify({
    loggerInstance: logger ?? createServerLogger(config.logLevel),
    trustProxy: fastifyTrustProxy(config.trustProxy),
    bodyLimit: 64 * 1024,
    // In-flight requests finish on close; idle keep-alive sockets are closed so shutdown is prompt.
    forceCloseConnections: 'idle',
    return503OnClosing: true,
  });

  app.setErrorHandler((error: Error & { statusCode?: number }, request, reply) => {
    const status = error.statusCode && error.statusCode >= 400 ? error.statusCode : 500;
    if (status >= 500) request.log.error({ err: error }, 'request failed');
    reply.code(status).send({ error: status >= 500 ? 'Internal server error' : error.message });
  });
  return app;
}

/** The HTTP shell: security headers, the public API, the built client and JSON 404s for unknown API paths. */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config } = deps;
  const app = deps.app ?? createFastify(config, deps.logger);

  const chain = chainFaceOf(config.chain);
  await app.register(fastifyCookie);
  await registerSecurityHeaders(app, chain.rpcOrigins);
  registerPublicRoutes(app, {
    houseWallet: deps.houseWallet,
    cluster: chain.cluster,
    publicRpcUrl: chain.publicRpcUrl,
  });
  if (deps.admin) {
    await registerAdminRoutes(app, {
      ...deps.admin,
      allowedOrigins: config.allowedOrigins,
      publicOrigin: () => config.publicOrigin,
    });
  }
  for (const plugin of deps.plugins ?? []) await plugin(app);
  await registerStaticClient(app, deps.clientDir);
  return app;
}
