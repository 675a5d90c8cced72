export {
  $chat, $chatState, $botTexts, $sidebarIds, chatOpened, chatClosed, chatCloseRequested, chatForceClosed,
  botMessageSet, botMessageFromViewSet, botTextsLoaded, sidebarOpened, sidebarLoaded, sidebarFailed,
  closeAnimationFx, DRAWER_ANIMATION_MS, INITIAL_CHAT_STATE,
} from './model/chat';
export type { DrawerView, BotMessage, ChatState, SidebarAparts, SidebarGroups } from './model/types';
export { DEFAULT_BOT_TEXTS, mergeBotTexts, pickBotText, camelCaseKey, OVERRIDABLE_TEXT_KEYS } from './lib/bot-texts';
export type { BotTexts, ViewMessages } from './lib/bot-texts';
export { hasFooterMenu } from './lib/footer';
export { typingPlan, TYPING_TOTAL_MS, TYPING_REFERENCE_LENGTH } from './lib/typing';
export type { TypingMode, TypingPlan } from './lib/typing';
export { splitBotContent, plainBotText } from './lib/bot-content';
export type { BotSegment } from './lib/bot-content';
export { botTextsQuery, useBotTexts, BOT_TEXT_KEYS } from './api/bot-texts-query';
