export { $chat, chatOpened, chatClosed, sidebarOpened, $sidebarIds } from './model/chat';
export type { DrawerView } from './model/chat';
