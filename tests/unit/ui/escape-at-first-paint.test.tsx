import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { allSettled, fork, type Scope } from 'effector';
import { Provider } from 'effector-react';
import { Suspense, lazy, type ReactNode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { PlatformContext } from '@platform';
import { drawerViewRequested } from '@/shared/model';
import { Modal } from '@/shared/ui';
import { $chatState, AssistantDrawer } from '@/widgets/assistant-drawer';
import { createMockPlatform } from '../../../platform/mock';

/**
 * Dialogs are lazy chunks. React commits such a chunk from a retry, not from the click, and runs that commit's passive
 * effects only in a later task, while the browser hands a key press to the page before it. So these tests render
 * outside act() (which would flush everything at once), press Escape in the microtask right after the commit that
 * shows the dialog — the window a busy machine leaves between the paint and the passive effects — and ask whether
 * the dialog heard it.
 */
let root: Root | null = null;
const actEnvironment = globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean };
beforeEach(() => {
  actEnvironment.IS_REACT_ACT_ENVIRONMENT = false;
});
afterEach(() => {
  root?.unmount();
  root = null;
  actEnvironment.IS_REACT_ACT_ENVIRONMENT = true;
  document.body.replaceChildren();
});

/** Renders in the app's providers, and presses Escape on the document as soon as a dialog is in the page. */
function renderAndPressEscapeOnCommit(ui: ReactNode, scope: Scope = fork()): Promise<void> {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, enabled: false } } });
  const host = document.body.appendChild(document.createElement('div'));
  return new Promise((resolve) => {
    const watcher = new MutationObserver(() => {
      if (!host.querySelector('[role="dialog"]')) return;
      watcher.disconnect();
      document.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }));
      resolve();
    });
    watcher.observe(host, { childList: true, subtree: true });
    root = createRoot(host);
    root.render(
      <Provider value={scope}>
        <QueryClientProvider client={client}>
          <PlatformContext.Provider value={createMockPlatform()}>
            <MemoryRouter>{ui}</MemoryRouter>
          </PlatformContext.Provider>
        </QueryClientProvider>
      </Provider>,
    );
  });
}

describe('a lazy dialog hears Escape from the moment it shows', () => {
  it('a modal from its own chunk', async () => {
    const closes: string[] = [];
    const LazyModal = lazy(async () => ({
      default: () => (
        <Modal title="Заявка" onClose={() => closes.push('escape')}>
          <p>Форма</p>
        </Modal>
      ),
    }));
    await renderAndPressEscapeOnCommit(
      <Suspense fallback={null}>
        <LazyModal />
      </Suspense>,
    );
    expect(closes).toEqual(['escape']);
  });

  it('the assistant drawer, whose panel arrives on its first opening', async () => {
    const scope: Scope = fork();
    await allSettled(drawerViewRequested, { scope, params: 'ANALYTICS_SETTINGS' });
    await renderAndPressEscapeOnCommit(<AssistantDrawer />, scope);
    // The press asked the drawer to close: it animates out, then closes.
    expect(scope.getState($chatState).isClosing).toBe(true);
  });
});
