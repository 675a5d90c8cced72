import type { AppContext } from '../context';
import { runFavouriteAlerts } from './index';
import type { JobQueue } from '../infra/job-queue';

export const FAVOURITE_ALERTS_JOB = 'favourite-alerts';

/** Price drops and departures of favourites, told by the bot; each user's message is claimed in the database first. */
export async function defineFavouriteAlertsJob(ctx: AppContext, queue: JobQueue, log?: (message: string) => void): Promise<void> {
  await queue.define({
    name: FAVOURITE_ALERTS_JOB,
    policy: 'singleton',
    retryLimit: 0,
    run: async () => {
      const result = await runFavouriteAlerts(ctx);
      if (result.sent > 0) log?.(`избранное: отправлено оповещений ${result.sent}`);
      for (const reason of result.failed) log?.(`избранное: оповещение не отправлено (${reason})`);
    },
  });
}
