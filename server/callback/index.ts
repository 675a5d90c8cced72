export { CALLBACK_LIMITS, CallbackService, OFFLINE_MANAGERS_CHAT_ID } from './service';
export { deleteCallbacksOf, findCallback } from './repository';
