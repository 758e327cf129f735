import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

/**
 * Security headers for every response. The page talks only to its own origin (API, /ws, /rpc) and to the
 * RPC URL handed to browsers, so connect-src names exactly those.
 */
export async function registerSecurityHeaders(app: FastifyInstance, rpcOrigins: string[]): Promise<void> {
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        baseUri: ["'self'"],
        scriptSrc: ["'self'"],
        // Radix dialogs inject small <style> elements for scroll locking.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:'],
        fontSrc: ["'self'", 'data:'],
        mediaSrc: ["'self'"],
        connectSrc: ["'self'", 'ws:', 'wss:', ...rpcOrigins],
        frameAncestors: ["'none'"],
        formAction: ["'self'"],
        objectSrc: ["'none'"],
      },
    },
    // The page opens wallet apps and explorers in new windows; keep the opener relationship cut.
    crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
    crossOriginEmbedderPolicy: false,
  });
}
