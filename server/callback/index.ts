export { CallbackService, OFFLINE_MANAGERS_CHAT_ID, managersMessage } from './service';
export type { CallbackServiceOptions, ClientMeta, RateLimit } from './service';
export { findCallback, undeliveredCallbacks } from './store';
export type { CallbackRow } from './store';
export { SlidingWindowLimiter } from './rate-limit';
