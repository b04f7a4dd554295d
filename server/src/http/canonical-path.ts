import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { answerMalformed, type EarlyErrorOptions } from './early-errors';

/**
 * The router decodes and forgives some spellings of a path (`/%61pi/x` runs the route `/api/x`),
 * while everything that reads the path as text (cookies scoped to a path, a proxy's rules, a
 * check written as `url.startsWith('/api/')`) sees another path. A request is therefore served
 * only when its path is spelled the one way the routes are written; any other spelling that could
 * change which route matches is refused with 400 before any other hook or handler runs.
 *
 * The rule, on the raw request target (what the client sent, before any decoding):
 * - it is a path (`/...`), not an absolute URL or `*`, and the path has no `\`, `;` or `#`,
 *   no empty segment (`//`) and no dot segment (`.`, `..`);
 * - no escape of a character that never needs one (RFC 3986 2.3: letters, digits, `-._~`, which
 *   URL normalizers decode, so `%61` is `a`), of a path separator (`%2F`, `%5C`) or of `%` itself
 *   (`%25`: double encoding, decoded once more by someone downstream);
 * - every fixed segment of the matched route is written exactly as the route writes it (so a
 *   router made case-insensitive or forgiving of trailing slashes cannot widen a route), and the
 *   path has exactly the route's number of segments (a wildcard takes the rest).
 * Other escapes stay valid anywhere: a route parameter or a query string may carry `%C3%BC`,
 * `%20`, `%40`, `%3B`, and the query string is not judged here at all (its values are validated
 * by each route's schema). A browser or the web app never sends a refused spelling: `fetch`
 * and `encodeURIComponent` escape only what must be escaped.
 */
const NEEDLESS_ESCAPE = /%(?:[46][1-9a-f]|[57][0-9a]|3[0-9]|2[5def]|5[cf]|7e)/i;
const FORBIDDEN_CHARACTER = /[\\;#]/;

/** The raw path of a request target, or null when the target is not a path. */
const rawPath = (target: string): string | null => {
  if (!target.startsWith('/')) return null;
  const query = target.indexOf('?');
  return query === -1 ? target : target.slice(0, query);
};

/** Why the spelling of a request's path is refused, or null when it is the canonical one. */
export function nonCanonicalPath(target: string, routeUrl: string | undefined): string | null {
  const path = rawPath(target);
  if (path === null) return 'not a path';
  if (FORBIDDEN_CHARACTER.test(path)) return 'forbidden character';
  if (NEEDLESS_ESCAPE.test(path)) return 'needless escape';
  const segments = path.split('/').slice(1);
  // '/' alone is one empty segment; elsewhere an empty segment is a doubled or trailing slash.
  if (path !== '/' && segments.some((segment, i) => segment === '' && i < segments.length - 1)) return 'empty segment';
  if (segments.some((segment) => segment === '.' || segment === '..')) return 'dot segment';
  if (routeUrl === undefined) return null;
  const pattern = routeUrl.split('/').slice(1);
  const wildcard = pattern.findIndex((segment) => segment.includes('*'));
  const fixedCount = wildcard === -1 ? pattern.length : wildcard;
  if (wildcard === -1 ? segments.length !== pattern.length : segments.length < fixedCount) return 'segment count';
  for (let i = 0; i < fixedCount; i += 1) {
    const expected = pattern[i]!;
    if (!expected.includes(':') && segments[i] !== expected) return 'fixed segment';
  }
  return null;
}

/** Registered right after the envelope (the request's language is known) and before any other hook. */
export const canonicalPathPlugin = fp(async (app: FastifyInstance, options: EarlyErrorOptions) => {
  app.addHook('onRequest', async (request: FastifyRequest, reply) => {
    const reason = nonCanonicalPath(request.raw.url ?? '', request.routeOptions.url);
    if (reason === null) return;
    request.log.info({ reason }, 'non-canonical path refused');
    return answerMalformed(reply, request.locale, options);
  });
});
