import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import swagger from '@fastify/swagger';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { localOnly } from './local-only';

/** Where the API description is served with development pages on (DEV_PAGES=1). */
const API_DOCS_URL = '/api/docs';

/**
 * The OpenAPI 3.1 description of the /api routes, made by @fastify/swagger from the same zod
 * schemas the routes validate with (fastify-type-provider-zod turns them into JSON Schema). The
 * web app's pages, the development pages and this route itself are not part of it. It is checked
 * in as docs/openapi.json (`npm run docs:openapi`) and served at /api/docs only in development,
 * like the other development pages: a deployment does not publish its own map.
 */
export const apiDescriptionPlugin = fp(async (app: FastifyInstance) => {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Trading platform API',
        version: '1',
        description: 'Every answer is the envelope of docs/api.md: `{ status, payload }` with `fv` and the extras the route asks for.',
      },
    },
    transform: (route) =>
      route.url.startsWith('/api/') && route.url !== API_DOCS_URL ? jsonSchemaTransform(route) : { schema: { hide: true }, url: route.url },
    transformObject: jsonSchemaTransformObject,
  });
  // A development page like the mailbox: with DEV_PAGES=1 and to this machine only.
  if (app.config.dev) app.get(API_DOCS_URL, localOnly, async () => app.swagger());
});

/** The text of docs/openapi.json: the description of an app that is ready (its routes all declared). */
export const apiDescriptionText = (app: FastifyInstance): string => `${JSON.stringify(app.swagger(), null, 2)}\n`;
