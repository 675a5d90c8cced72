import type { FastifyInstance } from 'fastify';
import { runFavouriteAlerts } from './index';

export const FAVOURITE_ALERTS_JOB = 'favourite-alerts';

/** Price drops and departures of favourites, told by the bot; each user's message is claimed in the database first. */
export async function defineFavouriteAlertsJob(app: FastifyInstance): Promise<void> {
  const log = (message: string) => app.log.info(message);
  await app.queue.define({
    name: FAVOURITE_ALERTS_JOB,
    policy: 'singleton',
    retryLimit: 0,
    run: async () => {
      const result = await runFavouriteAlerts(app);
      if (result.sent > 0) log(`избранное: отправлено оповещений ${result.sent}`);
      for (const reason of result.failed) log(`избранное: оповещение не отправлено (${reason})`);
    },
  });
}
