export { $chat, chatOpened, chatClosed } from './model/chat';
export type { DrawerView } from './model/chat';
