import type { FastifyInstance, FastifySchemaCompiler } from 'fastify';
import { serializerCompiler } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { ApiError } from './errors';
import { parseInput } from './validate';

/**
 * Fastify's validator for the contract's zod schemas (a route's `schema.body`, `params`,
 * `querystring`, `headers`). It runs parseInput, not the type provider's own validator, so that
 * bad input gets exactly the translated field errors a route's own parseInput gives: the missing
 * field told from the one of the wrong type, unknown fields and NUL characters named. The
 * ApiError it returns reaches the envelope's error handler as it is (Fastify only adds
 * `statusCode` 400 and the part it judged).
 *
 * Fastify hands an absent body as null; parseInput hears it as absent (`validation.required`),
 * as the route did when it read `request.body` itself.
 */
const contractValidatorCompiler: FastifySchemaCompiler<z.ZodType> =
  ({ schema, httpPart }) =>
  (data) => {
    try {
      return { value: parseInput(schema, httpPart === 'body' && data === null ? undefined : data) };
    } catch (error) {
      if (error instanceof ApiError) return { error };
      throw error;
    }
  };

/**
 * Routes declare their schemas with the contract's zod schemas (fastify-type-provider-zod):
 * input is validated as above, and an answer with a `response` schema is checked against it
 * before it is sent. An answer that does not match is a bug of ours: the error handler logs it
 * and answers the generic `internal` error, never the unchecked data.
 */
export function validateWithContract(app: FastifyInstance): void {
  app.setValidatorCompiler(contractValidatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
}
