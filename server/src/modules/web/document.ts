import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'regexparam';
import { localeDirection } from '../../../../src/api/contract/envelope';

/**
 * The web app's document: the built index.html with, per request, the modulepreload links of the
 * page the URL opens and the boot data (modules/web/boot-data.ts) in a JSON block.
 */

/** The build's list of the lazy routes' chunks (written by vite.config.ts: `routeChunks`). */
const ROUTE_CHUNKS_FILE = 'route-chunks.json';
const BOOT_ELEMENT_ID = 'boot';

export interface RouteChunks {
  /** A wouter pattern of src/routes/route-table.tsx ('/withdraw/form/:id?/:form?'). */
  path: string;
  /** Its chunk and the chunks it imports statically that index.html does not load already ('assets/x.js'). */
  files: string[];
}

/** Whether a path matches a route pattern of the route table, by wouter's own parser (regexparam). */
export function matchesPattern(pattern: string, pathname: string): boolean {
  return parse(pattern).pattern.test(pathname);
}

/** The files to preload for a path: those of the first pattern it matches (the table's order), or none. */
export function chunksFor(routes: readonly RouteChunks[], pathname: string): string[] {
  return routes.find((route) => matchesPattern(route.path, pathname))?.files ?? [];
}

/**
 * JSON that can sit in a `<script type="application/json">` block: every `<`, `>` and `&` is a
 * JSON escape, so no `</script>` or `<!--` in the data can end or bend the block, and the line
 * separators JavaScript once refused are escaped too. JSON.parse reads it back unchanged.
 */
export function scriptSafeJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

const escapeAttribute = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

export interface DocumentTemplate {
  html: string;
  routes: RouteChunks[];
}

/** Reads dist/index.html and the route chunk list once, at start. */
export function loadDocumentTemplate(dist: string): DocumentTemplate {
  const html = readFileSync(path.join(dist, 'index.html'), 'utf8');
  let routes: RouteChunks[] = [];
  try {
    routes = JSON.parse(readFileSync(path.join(dist, ROUTE_CHUNKS_FILE), 'utf8')) as RouteChunks[];
  } catch {
    // A build without the list (an older one) still works: the route's chunk then loads after the app's.
  }
  return { html, routes };
}

/** The service worker the page registers (src/pwa/register.ts), when the server offers one. */
export const SERVICE_WORKER_META = '<meta name="service-worker" content="/sw.js">';

/**
 * The document for one request: the template with the route's preloads, the service worker's
 * name (when it is on), its language (and so its direction: Arabic is mirrored before the script
 * runs) and its boot data.
 */
export function renderDocument(
  template: DocumentTemplate,
  options: { pathname: string; locale: string; boot: unknown; serviceWorker?: boolean },
): string {
  const preloads = chunksFor(template.routes, options.pathname)
    .map((file) => `<link rel="modulepreload" crossorigin href="/${escapeAttribute(file)}">`)
    .join('');
  const head = options.serviceWorker ? `${preloads}${SERVICE_WORKER_META}` : preloads;
  const boot = `<script type="application/json" id="${BOOT_ELEMENT_ID}">${scriptSafeJson(options.boot)}</script>`;
  return template.html
    // Functions, not strings: a `$&` in the data must not be read as a replacement pattern.
    .replace(/<html lang="[^"]*"/, () => `<html lang="${escapeAttribute(options.locale)}" dir="${localeDirection(options.locale)}"`)
    .replace('</head>', () => `${head}</head>`)
    .replace('</body>', () => `${boot}</body>`);
}
