import { createEffect, sample } from 'effector';
import { notificationShown } from '@/shared/model';
import { OFFLINE_LOAD_MESSAGE } from '@/shared/api';
import { authFlowOpened, authModalOpened, type AuthModalParams } from './units';

/**
 * The flow (./flow.ts) is a chunk of its own: the first screen carries only the units. Each opening goes through here,
 * so the flow starts the same way the first time (when this loads it) and every time after (when it is loaded).
 */
const loadFlowFx = createEffect((params: AuthModalParams) => import('./flow').then(() => params));

sample({ clock: authModalOpened, target: loadFlowFx });
sample({ clock: loadFlowFx.doneData, target: authFlowOpened });
// Its chunk could not be fetched: said as any load that failed for want of a connection.
sample({ clock: loadFlowFx.fail, fn: () => ({ text: OFFLINE_LOAD_MESSAGE }), target: notificationShown });
