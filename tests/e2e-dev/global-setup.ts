import { createServer } from 'vite';
import { startServer } from '../e2e/support/server';

/**
 * The development setup, as `npm run serve` + `npm run dev` run it: the API server from its sources
 * and Vite's development server in front of it (proxying the API), both on port 0 and stopped by
 * their own handles. The inspector exists only here (the production build has none of it).
 */
export default async function globalSetup() {
  const api = await startServer({ DEV_PAGES: '1', SIGNUP_LIMIT_PER_ADDRESS: '500', SERVICE_WORKER: '0' });
  process.env.VITE_DEV_SERVER = api.url;
  const vite = await createServer({ configFile: 'vite.config.ts', server: { port: 0, host: '127.0.0.1', strictPort: false }, logLevel: 'warn' });
  await vite.listen();
  const url = vite.resolvedUrls?.local[0];
  if (!url) throw new Error('the Vite development server did not say its address');
  process.env.BASE_URL = url.replace(/\/$/, '');
  return async () => {
    await vite.close();
    await api.stop();
  };
}
