import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Multipart } from '@fastify/multipart';
import fp from 'fastify-plugin';
import { ApiError } from './errors';

/**
 * A multipart body is parsed while a route reads it (busboy, through @fastify/multipart), so a
 * broken one (no boundary, a part cut short, a body that ends early) fails inside the route as a
 * bare Error that would be answered as a 500. Every module reads parts through `request.parts()`:
 * this wraps what it yields so that an error raised by the parsing itself (the iterator, or a
 * file part's `toBuffer`), and only that, becomes a 400 `errors.malformed`. Errors that already
 * carry a status (the size and count limits: 413) are kept as they are, and errors of the route's
 * own code between two parts are not touched.
 */
const asMalformed = (error: unknown): unknown =>
  error instanceof ApiError || (error as { statusCode?: unknown } | null)?.statusCode !== undefined
    ? error
    : new ApiError('validation', { status: 400, message: 'errors.malformed' });

async function guarded<T>(read: () => Promise<T>): Promise<T> {
  try {
    return await read();
  } catch (error) {
    throw asMalformed(error);
  }
}

const hasNul = (text: unknown) => typeof text === 'string' && text.includes('\u0000');

/**
 * A part whose field name, file name or text holds a NUL is refused as parseInput refuses one in
 * any other input (validate.ts): a field error, before the route keeps or shows any of it.
 */
function guardPart(part: Multipart): Multipart {
  if (hasNul(part.fieldname) || (part.type === 'file' ? hasNul(part.filename) : hasNul(part.value))) {
    if (part.type === 'file') part.file.resume();
    throw new ApiError('validation', { fields: { [hasNul(part.fieldname) ? '_' : part.fieldname]: 'validation.invalid_character' } });
  }
  if (part.type !== 'file') return part;
  const toBuffer = part.toBuffer.bind(part);
  part.toBuffer = () => guarded(toBuffer);
  part.file.on('error', () => {
    // Reported through toBuffer (or the next part); without a listener the stream's error would be unhandled.
  });
  return part;
}

async function* guardedParts(open: () => AsyncIterableIterator<Multipart>): AsyncIterableIterator<Multipart> {
  let parts: AsyncIterableIterator<Multipart>;
  try {
    parts = open();
  } catch (error) {
    throw asMalformed(error); // busboy refuses a content type without its boundary at once
  }
  for (;;) {
    const next = await guarded(() => parts.next());
    if (next.done) return;
    yield guardPart(next.value);
  }
}

export const multipartErrorsPlugin = fp(async (app: FastifyInstance) => {
  app.addHook('preValidation', async (request: FastifyRequest) => {
    if (typeof request.isMultipart !== 'function' || !request.isMultipart()) return;
    const parts = request.parts.bind(request);
    request.parts = (options) => guardedParts(() => parts(options));
  });
});
