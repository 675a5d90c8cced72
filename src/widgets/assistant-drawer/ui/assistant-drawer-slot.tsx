import { useStoreMap } from 'effector-react';
import { lazyWhenShown } from '@/shared/ui';
import { $chatState } from '../model/chat';

/** The panel with its views and forms is a chunk of its own, fetched the first time the assistant opens. */
const Panel = lazyWhenShown(() => import('./assistant-drawer'), 'AssistantDrawer');

/** Where the assistant lives in the layout: nothing until it is opened (the first screen does not pay for it). */
export function AssistantDrawer() {
  return <Panel shown={useStoreMap($chatState, (chat) => chat.isOpen)} />;
}
