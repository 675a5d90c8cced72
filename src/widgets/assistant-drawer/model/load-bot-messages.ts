import { createEffect, sample } from 'effector';
import { drawerBotMessageRequested } from '@/shared/model';
import { botMessageAsked } from './chat';

/**
 * The bot texts and their resolution (./bot-messages.ts) are a chunk of their own, loaded with the drawer's first
 * message: the first screen carries only the drawer's state. Every request goes through here, the first (which loads
 * the chunk) as the later ones, so each is resolved the same way.
 */
const loadBotMessagesFx = createEffect(() => import('./bot-messages').then(() => undefined));

sample({ clock: drawerBotMessageRequested, target: loadBotMessagesFx });
sample({ clock: loadBotMessagesFx.done, target: botMessageAsked });
