import { createEvent } from 'effector';
import type { QUERY_ROOT } from '../config/query';

/**
 * A flow learned that a kind of server data changed (the AI search's settings were saved, its status changed). Only
 * said here: the app, which owns the query cache, marks that data stale (app/server-cache.ts). Models never hold the
 * cache.
 */
export const serverDataChanged = createEvent<(typeof QUERY_ROOT)[keyof typeof QUERY_ROOT]>();

/**
 * «Персональные рекомендации» were switched and saved (the server's answer): the app puts it in the cache and reads
 * again everything ranked or scored for this person.
 */
export const personalisationChanged = createEvent<{ personalised: boolean }>();
