export { outsideServices } from './config';
export { METRIKA_COOKIES, analyticsNeedConsent, goalReachedFx, pageViewed, startAnalytics, stopAnalytics } from './analytics';
export { adMarkingOf, missingMarking, showAdfoxBlock, type AdMarking } from './adfox';
export { loadScript } from './load-script';
export { loadMapgl } from './mapgl';
export type { Mapgl, MapglMap, MapglClusterer, ClustererHtmlMarker } from './mapgl';
