import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

const VITAL_LABELS = ['page', 'surface', 'platform'] as const;

const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/**
 * What an operator watches (Prometheus text format at `/metrics`, see http/metrics-route.ts). One registry per
 * app, so several apps in one process (tests, a web instance with its worker) never count into each other.
 */
export class Metrics {
  readonly registry = new Registry();

  readonly httpRequests = new Histogram({
    name: 'kvarta_http_request_duration_seconds',
    help: 'HTTP requests by method, route pattern and status',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: LATENCY_BUCKETS,
    registers: [this.registry],
  });

  readonly rankingQueries = new Histogram({
    name: 'kvarta_ranking_query_duration_seconds',
    help: 'One ranked query of the engine (TOP, AI search, the map)',
    buckets: [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25],
    registers: [this.registry],
  });

  readonly jobs = new Histogram({
    name: 'kvarta_job_duration_seconds',
    help: 'Background jobs run by this process, by job and outcome (ok, failed)',
    labelNames: ['job', 'outcome'] as const,
    buckets: [0.01, 0.05, 0.25, 1, 5, 15, 60, 300],
    registers: [this.registry],
  });

  readonly jobQueueDepth = new Gauge({
    name: 'kvarta_job_queue_depth',
    help: 'Jobs waiting to run, by job',
    labelNames: ['job'] as const,
    registers: [this.registry],
  });

  readonly paymentNotifications = new Counter({
    name: 'kvarta_payment_notifications_total',
    help: "Payment providers' notifications by provider, kind and outcome (accepted, refused, invalid)",
    labelNames: ['provider', 'kind', 'outcome'] as const,
    registers: [this.registry],
  });

  readonly botSends = new Counter({
    name: 'kvarta_bot_sends_total',
    help: "The bot's calls that send or change messages, by method and outcome (ok, failed)",
    labelNames: ['method', 'outcome'] as const,
    registers: [this.registry],
  });

  readonly feedOffers = new Counter({
    name: 'kvarta_feed_offers_total',
    help: 'Feed offers by outcome: read, and of those rejected',
    labelNames: ['outcome'] as const,
    registers: [this.registry],
  });

  readonly feedImports = new Histogram({
    name: 'kvarta_feed_import_duration_seconds',
    help: 'One feed import, by outcome (ok, failed)',
    labelNames: ['outcome'] as const,
    buckets: [1, 5, 15, 60, 300, 900, 3600],
    registers: [this.registry],
  });

  readonly eventBusReconnects = new Counter({
    name: 'kvarta_event_bus_reconnects_total',
    help: "Times the event bus's listening connection was re-established",
    registers: [this.registry],
  });

  readonly ready = new Gauge({
    name: 'kvarta_ready',
    help: '1 while this instance accepts requests (readiness), 0 from shutdown on',
    registers: [this.registry],
  });

  /**
   * Real-user speed from the pages (POST /api/vitals), by page *pattern*, surface (web, miniapp) and device family: p75
   * per page is `histogram_quantile(0.75, sum by (le, page) (rate(…_bucket[1h])))`. Seconds, except CLS (unitless);
   * the goals (LCP 2.5 s, INP 0.2 s, CLS 0.1) are bucket bounds, so "share within the goal" is exact.
   */
  readonly webVitals = {
    LCP: this.vital('lcp_seconds', 'Largest Contentful Paint reported by browsers', [0.5, 1, 1.5, 2, 2.5, 3, 4, 5, 7.5, 10, 20]),
    INP: this.vital('inp_seconds', 'Interaction to Next Paint reported by browsers', [0.05, 0.1, 0.15, 0.2, 0.3, 0.5, 0.75, 1, 2]),
    TTFB: this.vital('ttfb_seconds', 'Time to First Byte reported by browsers', [0.1, 0.2, 0.4, 0.8, 1.2, 1.8, 3, 5]),
    CLS: this.vital('cls', 'Cumulative Layout Shift reported by browsers (unitless)', [0.01, 0.05, 0.1, 0.15, 0.25, 0.5, 1]),
  } as const;

  /** Adverts not drawn because their creative lacked its 38-ФЗ marking, by what it lacked (POST /api/ads/unmarked). */
  readonly adSlotsUnmarked = new Counter({
    name: 'kvarta_ad_slots_unmarked_total',
    help: 'Advert slots left empty because the creative lacked its erid token or its advertiser (38-FZ art. 18.1)',
    labelNames: ['missing'] as const,
    registers: [this.registry],
  });

  readonly webVitalReportsRefused = new Counter({
    name: 'kvarta_web_vitals_refused_total',
    help: 'Vitals reports not counted because an address sent too many (rate limit)',
    registers: [this.registry],
  });

  /**
   * Reactions by the AI index the listing had for the user when they reacted, in bands of ten points, and the verdict:
   * the liked share per band (LIKE / all) is the index's promise checked on real buyers — a listing at 70–79 % should
   * be liked about three times in four (issue #46; bench/quality.ts measures the same on simulated buyers).
   */
  readonly reactionsByIndex = new Counter({
    name: 'kvarta_reactions_by_ai_index_total',
    help: 'Likes and dislikes by the AI index (band of ten points) the listing had for the user when they reacted',
    labelNames: ['band', 'action'] as const,
    registers: [this.registry],
  });

  /** One of the web vitals' histograms, by page pattern, surface and platform. */
  private vital(name: string, help: string, buckets: number[]): Histogram<(typeof VITAL_LABELS)[number]> {
    return new Histogram({
      name: `kvarta_web_vitals_${name}`,
      help: `${help}, by page pattern, surface and platform`,
      labelNames: VITAL_LABELS,
      buckets,
      registers: [this.registry],
    });
  }

  /** Counts one stored like or dislike at the index (1…99) the listing had for the user just before it. */
  observeReaction(percent: number, action: 'LIKE' | 'DISLIKE'): void {
    const low = Math.min(90, Math.max(0, Math.floor(percent / 10) * 10));
    this.reactionsByIndex.inc({ band: `${low}–${low + 9}`, action });
  }

  constructor() {
    // Process memory, CPU, event-loop lag and handles, as every Node service reports them.
    collectDefaultMetrics({ register: this.registry, prefix: 'kvarta_' });
  }

  /** Runs `work`, timing it into `histogram` with the outcome label. */
  async timed<T>(histogram: Histogram<'job' | 'outcome'>, job: string, work: () => Promise<T>): Promise<T> {
    const end = histogram.startTimer({ job });
    try {
      const result = await work();
      end({ outcome: 'ok' });
      return result;
    } catch (error) {
      end({ outcome: 'failed' });
      throw error;
    }
  }
}
