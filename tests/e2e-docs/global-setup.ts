import fastifyStatic from '@fastify/static';
import Fastify from 'fastify';
import path from 'node:path';

const STATIC_STORYBOOK = path.resolve('storybook-static');

/**
 * The static Storybook that `storybook build` wrote to storybook-static/ (`npm run test:docs`
 * builds it first), served on port 0: every docs page is compiled already, so a page opens in
 * about a second instead of the development server's compile on first request.
 */
export default async function globalSetup() {
  const server = Fastify();
  await server.register(fastifyStatic, { root: STATIC_STORYBOOK });
  process.env.STORYBOOK_URL = await server.listen({ port: 0, host: '127.0.0.1' });
  return () => server.close();
}
