/**
 * Server-rendered back office pages. Every interpolated value is escaped unless it is itself a
 * fragment made by `html`; there are no inline scripts or styles (the CSP forbids them). Pure, so the
 * server and the back office stories render the same markup from here.
 */
export class Html {
  constructor(readonly text: string) {}
  toString() {
    return this.text;
  }
}

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
export const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => ESCAPES[c] ?? c);

type Part = Html | string | number | null | undefined | false | Part[];

function render(part: Part): string {
  if (part === null || part === undefined || part === false) return '';
  if (Array.isArray(part)) return part.map(render).join('');
  if (part instanceof Html) return part.text;
  return escapeHtml(String(part));
}

export function html(strings: TemplateStringsArray, ...values: Part[]): Html {
  let out = strings[0] ?? '';
  values.forEach((value, i) => {
    out += render(value) + (strings[i + 1] ?? '');
  });
  return new Html(out);
}

export interface PageOptions {
  lang: string;
  /** The back office's name in the top bar, in the staff member's language. */
  brand: string;
  title: string;
  /** Navigation shown to a signed-in operator. */
  nav?: { href: string; label: string; current: boolean }[];
  signOut?: { label: string; csrf: string };
  flash?: { kind: 'ok' | 'error'; text: string } | null;
  body: Html;
}

/** The visible page: the top bar (navigation, sign-out) and the main content. */
export function pageBody(options: PageOptions): Html {
  return html`<header class="top">
  <strong class="brand">${options.brand}</strong>
  ${options.nav ? html`<nav aria-label="${options.brand}">${options.nav.map((item) => html`<a href="${item.href}"${item.current ? html` aria-current="page"` : ''}>${item.label}</a>`)}</nav>` : ''}
  ${options.signOut ? html`<form method="post" action="/backoffice/logout" class="inline"><input type="hidden" name="_csrf" value="${options.signOut.csrf}"><button type="submit">${options.signOut.label}</button></form>` : ''}
</header>
<main>
<h1>${options.title}</h1>
${options.flash ? html`<p class="flash ${options.flash.kind}" role="${options.flash.kind === 'error' ? 'alert' : 'status'}">${options.flash.text}</p>` : ''}
${options.body}
</main>`;
}

export function page(options: PageOptions): string {
  return `<!doctype html>${html`<html lang="${options.lang}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${options.title}</title>
<link rel="stylesheet" href="/backoffice/backoffice.css">
</head>
<body>
${pageBody(options)}
</body>
</html>`.text}`;
}
