import './model/load-bot-messages';
export { AssistantDrawer } from './ui/assistant-drawer-slot';
export {
  $chatState,
  $sidebarIds,
  chatForceClosed,
  botMessageSet,
  botTextsLoaded,
  sidebarLoaded,
  sidebarFailed,
  closeAnimationFx,
} from './model/chat';
export { mergeBotTexts, pickBotText } from './lib/bot-texts';
export { hasFooterMenu } from './lib/footer';
export { typingPlan, TYPING_REFERENCE_LENGTH } from './lib/typing';
export { splitBotContent, plainBotText } from './lib/bot-content';
export { botTextsQuery } from './api/bot-texts-query';
export { DRAWER_TITLES } from './lib/titles';
