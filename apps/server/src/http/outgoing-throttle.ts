import type { FastifyInstance, FastifyRequest, preHandlerHookHandler } from 'fastify';
import { hit, type Limit } from '../platform/rate-limit';

/**
 * Calls that make the server reach outside on demand (a page load, a crawl, a tool run, a mail or
 * a POST to a notification target): each kind has a budget per organization (or user without one)
 * and per address, counted across processes; past it, 429 with Retry-After. Plan limits bound
 * what a plan may keep; these bound how fast anyone may ask.
 */
export const OUTGOING_LIMITS = {
  /** A notification channel's test send: a mail or a POST each time. */
  notificationTest: { max: 10, windowSeconds: 10 * 60 },
  /** A full page load now, at one region or each. */
  pageLoad: { max: 30, windowSeconds: 10 * 60 },
  /** A Deep Analysis crawl or re-analysis, or a sitemap import. */
  crawl: { max: 30, windowSeconds: 10 * 60 },
  /** A Broken Links or Sitemap Generator run. */
  toolRun: { max: 30, windowSeconds: 10 * 60 },
  /** An SEO checkup: a page load in Chromium and its resources. */
  checkup: { max: 60, windowSeconds: 10 * 60 },
} as const satisfies Record<string, Limit>;
export type OutgoingWork = keyof typeof OUTGOING_LIMITS;

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The outgoing work this route starts, throttled after the caller is known. */
    outgoing?: OutgoingWork;
  }
}

/** Adds the throttle to every route that names its outgoing work, after its own checks (the caller). */
export function registerOutgoingThrottle(app: FastifyInstance): void {
  app.addHook('onRoute', (route) => {
    const work = route.config?.outgoing;
    if (!work) return;
    const throttle = async function (this: FastifyInstance, request: FastifyRequest) {
      const caller = request.auth;
      const who = caller?.organizationId ? `org:${caller.organizationId}` : `user:${caller?.userId ?? '-'}`;
      await hit(this.deps.database, [`${work}:${who}`, `${work}:ip:${request.ip}`], OUTGOING_LIMITS[work]);
    };
    const own = route.preHandler ? [route.preHandler].flat() : [];
    route.preHandler = [...own, throttle as preHandlerHookHandler];
  });
}
