import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyCookie from '@fastify/cookie';
import fastifyStatic from '@fastify/static';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyBaseLogger, type FastifyInstance, LogController } from 'fastify';
import { jsonSchemaTransform, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Logger } from 'pino';
import type { Config } from './config';
import type { Database } from './db/client';
import { registerAuthentication } from './http/authenticate';
import { BODY_LIMIT, registerBodyLimits } from './http/body-limits';
import { frameworkErrors, registerErrorHandling } from './http/error-handler';
import { registerIdempotency } from './http/idempotency';
import { registerNulGuard } from './http/nul-guard';
import { registerOutgoingThrottle } from './http/outgoing-throttle';
import { responseSerializerCompiler } from './http/serializer';
import type { Queue } from './jobs/queue';
import { apiModules } from './modules';
import { createServices, type Services } from './services';
import { VERSION } from './version';

export interface AppDeps {
  config: Config;
  database: Database;
  queue: Queue;
  logger: Logger;
  services: Services;
}

declare module 'fastify' {
  interface FastifyInstance {
    deps: AppDeps;
  }
}

export type AppOptions = Omit<AppDeps, 'services'> & {
  /** Replaces adapters (tests give a mailer that records, a human check that answers yes). */
  services?: Partial<Services>;
};

/** The whole HTTP application as one Fastify instance; `main.ts` decides whether it listens. */
export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const services = await createServices(options.config, options.database, options.logger, options.services);
  const deps: AppDeps = { ...options, services };
  const app = Fastify({
    loggerInstance: deps.logger as FastifyBaseLogger,
    // Behind a reverse proxy, the client address (for rate limits) comes from X-Forwarded-For.
    trustProxy: deps.config.TRUST_PROXY === 'true',
    // Closing the server also ends idle keep-alive sockets, so a graceful stop does not hang.
    forceCloseConnections: 'idle',
    // Fastify's default, stated: the 413's message names it.
    bodyLimit: BODY_LIMIT,
    frameworkErrors,
    // Request lines are noise at info level; `LOG_LEVEL=debug` shows them.
    logController: new LogController({
      disableRequestLogging: deps.config.LOG_LEVEL !== 'debug' && deps.config.LOG_LEVEL !== 'trace',
    }),
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(responseSerializerCompiler);
  app.decorate('deps', deps);
  registerErrorHandling(app);
  registerBodyLimits(app);
  registerNulGuard(app);
  registerAuthentication(app);
  registerIdempotency(app);
  registerOutgoingThrottle(app);
  await app.register(fastifyCookie);

  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Sitelens API',
        version: VERSION,
        description: 'Every call of the Sitelens product. All paths live under /api.',
      },
      components: {
        securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs' });

  await app.register(
    async (api) => {
      for (const module of apiModules) await api.register(module);
    },
    { prefix: '/api' },
  );

  await registerSpa(app, deps.config.WEB_DIST);
  return app;
}

/** Serves the built web app; any path outside /api that is not a file gets index.html (history routing). */
async function registerSpa(app: FastifyInstance, webDist: string): Promise<void> {
  const indexFile = path.join(webDist, 'index.html');
  const built = existsSync(indexFile);
  if (built) {
    await app.register(fastifyStatic, {
      root: webDist,
      wildcard: false,
      index: false,
      cacheControl: false,
      // Hashed assets never change; index.html must always be fresh to pick up a new build.
      setHeaders(res, filePath) {
        res.setHeader(
          'cache-control',
          filePath.includes(`${path.sep}assets${path.sep}`)
            ? 'public, max-age=31536000, immutable'
            : 'no-cache',
        );
      },
    });
  }

  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    if (pathname === '/api' || pathname.startsWith('/api/') || !['GET', 'HEAD'].includes(request.method)) {
      return reply.code(404).send({ error: 'Not found', code: 'not_found' });
    }
    if (!built) {
      return reply
        .code(503)
        .type('text/plain; charset=utf-8')
        .send('The Sitelens web app is not built. Run `npm run build`, then start the server again.');
    }
    return reply.header('cache-control', 'no-cache').sendFile('index.html');
  });
}
