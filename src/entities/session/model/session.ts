import { createStore } from 'effector';

/**
 * Whether the user is anonymous. Every visitor is anonymous until sign-in through the bot
 * arrives with the auth issue; the navigation already follows this store.
 */
export const $isAnonymous = createStore(true);
