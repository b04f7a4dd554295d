import fp from 'fastify-plugin';
import { riskSettings } from './settings';
import { rollUpRecent } from './rollups';

/** How often the past periods are rolled up ahead of the pages (a period becomes final 10 minutes after it ended). */
const ROLL_EVERY_MS = 10 * 60_000;

/**
 * With config.runJobs: rolls the last 31 days' final periods up at start and every ten minutes, so
 * the results and signals pages never pay for it themselves (they still roll what is missing when
 * the job has not run yet). Rolling is idempotent, so several nodes may all run it.
 */
export const riskJobs = fp(async (app) => {
  if (!app.config.runJobs) return;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  const roll = () => {
    running ??= (async () => {
      try {
        const settings = await riskSettings(app.database.db);
        await rollUpRecent(app.database.db, settings.fast_bet_ms);
      } catch (error) {
        app.log.warn({ err: error }, 'risk roll-up');
      } finally {
        running = undefined;
      }
    })();
  };
  app.addHook('onReady', async () => {
    roll();
    timer = setInterval(roll, ROLL_EVERY_MS);
    timer.unref();
  });
  app.addHook('preClose', async () => {
    clearInterval(timer);
    await running;
  });
});
