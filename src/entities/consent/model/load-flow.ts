import { createEffect, sample } from 'effector';
import { analyticsConsentStarted, consentFlowLoaded, type AnalyticsConsentEnvironment } from './units';

/**
 * The rest of the flow (the device's and the server's decisions, other tabs) is a chunk of its own, loaded once the app
 * has started: the first screen carries only these units.
 */
const loadFlowFx = createEffect((env: AnalyticsConsentEnvironment) => import('./sync').then(() => env));

sample({ clock: analyticsConsentStarted, target: loadFlowFx });
sample({ clock: loadFlowFx.doneData, target: consentFlowLoaded });
