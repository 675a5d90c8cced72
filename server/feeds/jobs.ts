import type { FastifyInstance } from 'fastify';
import { downloadPendingPhotos, importFeed, sourceNameOf } from './index';
import { followCatalogueChange } from '../catalog/jobs';

export const FEED_JOBS = { sync: 'feed-sync', photos: 'feed-photos' } as const;

export interface FeedJobsConfig {
  /** FEED_URLS: files or http(s) URLs, each imported as its own source. */
  locations: string[];
  /** FEED_HOURS, in seconds: how often the sync runs (0 = never). */
  everySeconds: number;
  /** Feed photo URLs may point into our network (development only). */
  allowPrivateHosts: boolean;
  /** Tests: a fake of the photo hosts. */
  fetch?: typeof fetch;
}

/** Photos per run of the photo job; it queues itself again while more wait. */
const PHOTOS_PER_RUN = 200;

/**
 * The feed sync imports every configured feed in turn (one sync at a time across workers), then the touched cities
 * are re-read everywhere and the photos are fetched by a job of their own, so a slow photo host never holds
 * listings back.
 */
export async function defineFeedJobs(app: FastifyInstance, options: { jobs: { feeds: FeedJobsConfig } }): Promise<void> {
  const { queue } = app;
  const config = options.jobs.feeds;
  const log = (message: string) => app.log.info(message);
  const fetchPhotos = () => queue.send(FEED_JOBS.photos, {}, { singletonKey: FEED_JOBS.photos });
  await queue.define({
    name: FEED_JOBS.sync,
    policy: 'singleton',
    retryLimit: 0,
    expireInSeconds: 3_600,
    run: async () => {
      for (const location of config.locations) {
        const started = performance.now();
        const { report, changes } = await importFeed(app.db, { source: sourceNameOf(location), location });
        const c = report.counts;
        app.metrics.feedImports.observe({ outcome: report.status === 'done' ? 'ok' : 'failed' }, (performance.now() - started) / 1000);
        app.metrics.feedOffers.inc({ outcome: 'read' }, c.read);
        app.metrics.feedOffers.inc({ outcome: 'rejected' }, c.rejected);
        log(
          `фид ${report.source}: ${report.status === 'done' ? 'загружен' : `ошибка: ${report.error}`}; прочитано ${c.read}, новых ${c.created}, ` +
            `изменено ${c.updated}, продано ${c.sold}, пропущено ${c.skipped}, отклонено ${c.rejected}`,
        );
        await followCatalogueChange(app, queue, changes);
        if (changes.added.length + changes.changed.length > 0) await fetchPhotos();
      }
    },
  });
  await queue.define({
    name: FEED_JOBS.photos,
    policy: 'stately',
    retryLimit: 0,
    expireInSeconds: 1_800,
    run: async () => {
      const result = await downloadPendingPhotos(app.db, { ...config, mediaDir: app.mediaDir, limit: PHOTOS_PER_RUN });
      if (result.ok + result.failed > 0) log(`фото из фидов: ${result.ok} загружено, ${result.failed} не удалось`);
      await followCatalogueChange(app, queue, { added: [], cityIds: result.cityIds });
      if (result.ok + result.failed >= PHOTOS_PER_RUN) await fetchPhotos();
    },
  });
}
