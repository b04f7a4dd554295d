import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import multipart from '@fastify/multipart';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { okEnvelope } from '../../../../src/api/contract/envelope';
import { USER_INFO_FIELDS, userInfoSchema, userInfoUpdateSchema, type UserInfo } from '../../../../src/api/contract/user';
import { ok } from '../../http/envelope';
import { signedInUser } from '../../http/signed-in-user';
import { ApiError } from '../../http/errors';
import { parseInput } from '../../http/validate';

/** Multipart bodies here carry a few short text fields and never a file. */
const LIMITS = { fields: 10, fieldSize: 1024, files: 0, parts: 10, fieldNameSize: 50 };

/** The text fields of a multipart (or JSON) body; a file part is refused. */
async function formFields(request: FastifyRequest): Promise<unknown> {
  if (!request.isMultipart()) return request.body;
  const fields: Record<string, unknown> = {};
  for await (const part of request.parts({ limits: LIMITS })) {
    if (part.type === 'file') {
      part.file.resume();
      throw new ApiError('validation', { fields: { [part.fieldname]: 'validation.unknown_field' } });
    }
    // busboy cuts a field at fieldSize instead of failing: a cut value is refused, never stored.
    if (part.valueTruncated) throw new ApiError('payload_too_large');
    if (part.fieldname in fields) throw new ApiError('validation', { fields: { [part.fieldname]: 'validation.invalid' } });
    fields[part.fieldname] = part.value;
  }
  return fields;
}

async function userInfo(app: FastifyInstance, userId: number): Promise<UserInfo> {
  const row = await app.database.db
    .selectFrom('users')
    .select(['email', 'account_id', 'first_name', 'last_name', 'phone', 'country', 'time_zone', 'email_confirmed_at'])
    // As the contract's YYYY-MM-DD text, whatever the driver would make of a date.
    .select(sql<string | null>`to_char(birth_date, 'YYYY-MM-DD')`.as('birth_date'))
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
  const { email_confirmed_at: confirmedAt, ...rest } = row;
  return { ...rest, email_confirmed: confirmedAt !== null };
}

/** GET and POST /api/user/info: the trader's personal data. */
export async function userModule(app: FastifyInstance): Promise<void> {
  // Registered here (encapsulated) unless another module already made multipart global.
  if (!app.hasContentTypeParser('multipart/form-data')) await app.register(multipart);

  const api = app.withTypeProvider<ZodTypeProvider>();
  // The update's body is a multipart form or JSON: it is read and parsed by hand, after the guard.
  const route = { preHandler: app.requireUser, schema: { response: { 200: okEnvelope(userInfoSchema) } } };

  api.get('/api/user/info', route, async (request) => ok(await userInfo(app, signedInUser(request).id)));

  api.post('/api/user/info', route, async (request) => {
    const update = parseInput(userInfoUpdateSchema, await formFields(request));
    const changes = Object.fromEntries(USER_INFO_FIELDS.filter((name) => update[name] !== undefined).map((name) => [name, update[name]]));
    if (Object.keys(changes).length) await app.database.db.updateTable('users').set(changes).where('id', '=', signedInUser(request).id).execute();
    // The envelope's user carries the new time zone to every screen at once.
    if (update.time_zone !== undefined) {
      request.user = { ...signedInUser(request), time_zone: update.time_zone };
      request.includeUser = true;
    }
    return ok(await userInfo(app, signedInUser(request).id));
  });
}
