import type { JobQueue } from '../infra/job-queue';

export interface Periodic {
  job: string;
  everySeconds: number;
}

/**
 * The worker's clock for periodic jobs. Each worker asks for every job twice a period; the queue's throttle keeps
 * one per period whatever the number of workers (pg-boss: one job per time slot), so a stopped worker is never
 * missed and two workers never double the work. Timers are only the doorbell: what is due is read from the database.
 */
export function startSchedule(queue: JobQueue, periodic: Periodic[], log?: (message: string) => void): () => void {
  const timers = periodic
    .filter((p) => p.everySeconds > 0)
    .map(({ job, everySeconds }) => {
      const ask = () =>
        void queue
          .send(job, {}, { singletonKey: job, throttleSeconds: everySeconds })
          .catch((error: unknown) => log?.(`расписание: ${job} не поставлена (${error instanceof Error ? error.message : String(error)})`));
      const timer = setInterval(ask, (everySeconds * 1000) / 2);
      timer.unref();
      return timer;
    });
  return () => {
    for (const timer of timers) clearInterval(timer);
  };
}
