import { startServer } from './server';

/**
 * One real server for the whole run; its address reaches the tests through BASE_URL. The tests
 * read the emailed links from the development mailbox, so DEV_PAGES=1 (they run on loopback).
 */
export default async function globalSetup() {
  const server = await startServer({ WITHDRAW_DELAY: '5', DEV_PAGES: '1' });
  process.env.BASE_URL = server.url;
  process.env.E2E_DATA_DIR = server.dataDir;
  return async () => {
    await server.stop();
  };
}
