import type { OperatorInfo } from '@kvarta/contract/operator';
import type { TokenService } from './auth/tokens';
import type { InfraPoint } from './core/model';
import type { CityFacts } from './catalog/city-facts';
import type { CatalogueMemory } from './catalog/memory';
import type { BotGateway, TelegramConfig } from './infra/bot-gateway';
import type { Database } from './db/connection';
import type { EventBus } from './infra/event-bus';
import type { LimitStore } from './infra/limits';
import type { Engine } from './ranking/engine';
import type { JobQueue } from './infra/job-queue';
import type { Metrics } from './infra/metrics';
import type { Payments } from './subscription';
import type { RedemptionMarker } from './subscription/redemption-marker';

/** What route modules need; built once in app.ts. */ export interface AppContext {
  db: Database;
  /** Who runs the service: the footer, the payment form, receipts and the bot's /help name it. */
  operator: OperatorInfo;
  tokens: TokenService;
  memory: CatalogueMemory;
  engine: Engine;
  cities: Map<number, CityFacts>;
  /** Infrastructure points of a city, loaded once and kept. */
  infrastructureOf(cityId: number): Promise<InfraPoint[]>;
  telegram: TelegramConfig;
  bot: BotGateway;
  /** Where the bot's buttons open the Mini App. */
  miniAppUrl: string;
  env: 'development' | 'production' | 'test';
  startedAt: number;
  /** The server clock (subscriptions expire by it); tests replace it. */
  now: () => Date;
  /** The AI-search agent's doorbell: a profile went START or changed. Sends a job once server/jobs defines them. */
  liraMatcher: { wake(userId: number): void };
  /** Seconds one worker may hold a user's Telegram messages (LIRA_SEND_LEASE_SECONDS); see lira/notify.ts. */
  liraSendLeaseSeconds?: number;
  /** What instances tell each other (catalogue changes, binding outcomes, revocations). */
  bus: EventBus;
  /** Where rate limits are counted: memory on the embedded database, PostgreSQL for many instances. */
  limits: LimitStore;
  /** ROLE: what this process does (server/main.ts). */
  role: 'all' | 'web' | 'worker';
  /** False once shutdown began (readiness answers 503, the load balancer stops sending). */
  accepting: boolean;
  /** Keyed hashes of Telegram ids: the trial and one-per-person promocodes stay redeemed past an account's deletion. */
  redemptionMarker: RedemptionMarker;
  /** The price list and the ways to pay (a provider is null where it is not configured: its payments answer 503). */
  payments: Payments;
  /** Where feed photos are stored, resized (server/feeds/images.ts). */
  mediaDir: string;
  /** Background work: every role sends, workers run (server/jobs). */
  queue: JobQueue;
  /** What the operator scrapes at /metrics (payments, bot sends, feed imports count into it). */
  metrics: Metrics;
}
