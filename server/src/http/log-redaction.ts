/**
 * What the log keeps of a request's URL. One-time secrets travel in URLs (the confirmation link's
 * path, the password reset page's `?token=`); whoever reads the log must not be able to use them.
 * The path is judged by the route that matched, so every spelling the router accepts (percent-encoded
 * letters, an encoded token) is redacted alike; the query by its decoded parameter names.
 */

/** Route parameters that hold a one-time secret. */
const SECRET_NAMES = new Set(['token']);
/** Query parameters named like a secret (the web app's `/reset-password?token=`, any `*_key`). */
const SECRET_QUERY_NAME = /token|secret|password|key/i;
const REDACTED = '[redacted]';

export interface LoggedRequest {
  method: string;
  url: string;
  host?: string;
  ip?: string;
  socket?: { remotePort?: number };
  params?: unknown;
  routeOptions?: { url?: string | undefined };
}

/** The matched route's pattern with its parameters filled in, secrets replaced; undefined when no secret is in it. */
function redactedPath(request: LoggedRequest): string | undefined {
  const pattern = request.routeOptions?.url;
  const params = (request.params ?? {}) as Record<string, string | undefined>;
  if (!pattern || !Object.keys(params).some((name) => SECRET_NAMES.has(name))) return undefined;
  return pattern.replace(/:(\w+)/g, (_match, name: string) => (SECRET_NAMES.has(name) ? REDACTED : encodeURIComponent(params[name] ?? '')));
}

function redactedQuery(query: string): string {
  const search = new URLSearchParams(query);
  const secrets = [...new Set(search.keys())].filter((name) => SECRET_QUERY_NAME.test(name));
  if (secrets.length === 0) return query;
  for (const name of secrets) search.set(name, REDACTED);
  // URLSearchParams escapes the brackets; the marker stays readable as itself.
  return search.toString().replaceAll(encodeURIComponent(REDACTED), REDACTED);
}

/** The request's URL as the log may hold it. */
export function loggableUrl(request: LoggedRequest): string {
  const at = request.url.indexOf('?');
  const rawPath = at === -1 ? request.url : request.url.slice(0, at);
  const path = redactedPath(request) ?? rawPath;
  return at === -1 ? path : `${path}?${redactedQuery(request.url.slice(at + 1))}`;
}

/** Fastify's request serializer, with the one-time secrets of URLs redacted. */
export const requestSerializer = (request: LoggedRequest) => ({
  method: request.method,
  url: loggableUrl(request),
  host: request.host,
  remoteAddress: request.ip,
  remotePort: request.socket?.remotePort,
});
