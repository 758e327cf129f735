import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { isPageRoute } from '../../common/page-paths.ts';

/**
 * Serves the built React app. Every GET outside /api, /rpc and /ws that is not a file gets index.html, so the
 * client router shows /, /admin (and every place in it: /admin/games/<id>, ...), /admin/login and its own
 * not-found screen: with 200 for those pages, with 404 for any other path (the not-found screen is a
 * not-found answer). Unknown /api paths get a JSON 404.
 */
export async function registerStaticClient(app: FastifyInstance, clientDir: string): Promise<void> {
  const built = existsSync(path.join(clientDir, 'index.html'));
  if (built) {
    await app.register(fastifyStatic, {
      root: clientDir,
      index: false,
      wildcard: false,
      // Hashed asset names can be cached for long; index.html must always be fresh.
      setHeaders: (res, filePath) => {
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        res.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  } else {
    app.log.warn({ clientDir }, 'client is not built; run `npm run build`');
  }

  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split('?')[0] ?? '';
    const isApi = pathname === '/api' || pathname.startsWith('/api/');
    if (isApi || (request.method !== 'GET' && request.method !== 'HEAD')) {
      return reply.code(404).send({ error: 'Not found' });
    }
    if (!built) {
      return reply
        .code(503)
        .type('text/plain; charset=utf-8')
        .send('The client is not built yet. Run `npm run build`, then reload.');
    }
    return reply
      .code(isPageRoute(pathname) ? 200 : 404)
      .header('cache-control', 'no-cache')
      .sendFile('index.html');
  });
}
