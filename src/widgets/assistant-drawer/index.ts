export { AssistantDrawer } from './ui/assistant-drawer';
