import type { FastifyInstance } from 'fastify';
import { XHR, type SignedUp } from './harness';

/** A 1x1 PNG. */
export const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);
/** The start of a JPEG (SOI, APP0 JFIF): enough for content detection. */
export const JPEG = Buffer.concat([
  Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01]),
  Buffer.alloc(64, 0),
  Buffer.from([0xff, 0xd9]),
]);
export const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');
/** An ELF executable header: what a renamed program starts with. */
export const ELF = Buffer.concat([Buffer.from([0x7f, 0x45, 0x4c, 0x46, 0x02, 0x01, 0x01, 0x00]), Buffer.alloc(120, 0)]);

export interface Upload {
  field: string;
  name: string;
  type: string;
  data: Buffer;
}

/** A multipart body as a browser's FormData would send it. */
export async function multipart(fields: Record<string, string>, files: Upload[] = []) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  for (const f of files) form.append(f.field, new Blob([new Uint8Array(f.data)], { type: f.type }), f.name);
  const response = new Response(form);
  return { payload: Buffer.from(await response.arrayBuffer()), contentType: response.headers.get('content-type') ?? '' };
}

const cookieOf = (setCookie: string | string[] | undefined, name: string) => {
  const all = Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : [];
  const line = all.find((c) => c.startsWith(`${name}=`));
  return line ? line.split(';')[0] : undefined;
};

/** Sends a support message as the trader. */
export async function sendSupport(app: FastifyInstance, who: SignedUp, text: string, files: Upload[] = []) {
  const body = await multipart(text === '' && files.length ? {} : { text }, files);
  return app.inject({
    method: 'POST',
    url: '/api/support',
    headers: { ...XHR, cookie: who.cookie, 'content-type': body.contentType },
    payload: body.payload,
  });
}

/** The back office's CSRF pair: the cookie and the token its forms carry. */
export async function backofficeToken(app: FastifyInstance, who: SignedUp) {
  const page = await app.inject({ method: 'GET', url: '/backoffice', headers: { cookie: who.cookie } });
  const cookie = cookieOf(page.headers['set-cookie'], 'bo_csrf');
  const token = /name="_csrf" value="([a-f0-9]{64})"/.exec(page.body)?.[1];
  if (!cookie || !token) throw new Error(`no csrf token on the back office page: ${page.statusCode}`);
  return { cookie: `${who.cookie}; ${cookie}`, token, page };
}

/** An operator's reply through the back office form. */
export async function operatorReply(app: FastifyInstance, operator: SignedUp, conversationId: number, text: string, files: Upload[] = []) {
  const { cookie, token } = await backofficeToken(app, operator);
  const body = await multipart({ _csrf: token, text }, files);
  return app.inject({
    method: 'POST',
    url: `/backoffice/conversations/${conversationId}/reply`,
    headers: { cookie, 'content-type': body.contentType },
    payload: body.payload,
  });
}
