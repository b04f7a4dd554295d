import { startServer } from './server';

/** One real server for the whole run; its address reaches the tests through BASE_URL. */
export default async function globalSetup() {
  const server = await startServer({ WITHDRAW_DELAY: '5' });
  process.env.BASE_URL = server.url;
  process.env.E2E_DATA_DIR = server.dataDir;
  return async () => {
    await server.stop();
  };
}
