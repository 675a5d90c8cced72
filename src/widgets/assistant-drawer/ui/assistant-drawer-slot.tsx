import { useStoreMap } from 'effector-react';
import { Suspense } from 'react';
import { lazyComponent } from '@/shared/ui';
import { $chatState } from '../model/chat';

/** The panel with its views and forms is a chunk of its own, fetched the first time the assistant opens. */
const Panel = lazyComponent(() => import('./assistant-drawer'), 'AssistantDrawer');

/** Where the assistant lives in the layout: nothing until it is opened (the first screen does not pay for it). */
export function AssistantDrawer() {
  const isOpen = useStoreMap($chatState, (chat) => chat.isOpen);
  if (!isOpen) return null;
  return (
    <Suspense fallback={null}>
      <Panel />
    </Suspense>
  );
}
