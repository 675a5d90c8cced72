import { createEvent } from 'effector';
import type { QUERY_ROOT } from '../config/query';

/**
 * A flow learned that a kind of server data changed (the AI search's settings were saved, its status changed, «Персональные рекомендации» switched). Only
 * said here: the app, which owns the query cache, marks that data stale (app/server-cache.ts). Models never hold the
 * cache.
 */
export const serverDataChanged = createEvent<(typeof QUERY_ROOT)[keyof typeof QUERY_ROOT]>();
