import { renderWithApp } from '../support/render';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { allSettled, fork } from 'effector';
import { $subscription, deriveSubscription } from '@/entities/subscription';
import { useUnit } from 'effector-react';
import { describe, expect, it } from 'vitest';
import { $chatState, DRAWER_TITLES, botTextsQuery, closeAnimationFx } from '@/widgets/assistant-drawer';
import { drawerViewRequested, type DrawerView } from '@/shared/model';
import { $modal, modalClosed, modalOpened } from '@/shared/model';
import { Modal } from '@/shared/ui';
import { AssistantDrawer } from '@/widgets/assistant-drawer';
import { subscriptionFixture } from '../support/subscription';

/** Stands in for the app's modal host: one modal over the drawer. */
function ModalOver() {
  const [modal, close] = useUnit([$modal, modalClosed]);
  if (!modal) return null;
  return (
    <Modal title="Отменить подписку?" onClose={close}>
      <button type="button">Да</button>
    </Modal>
  );
}

const GREETING = 'Здравствуйте! Тут частые вопросы.';

async function renderDrawer(view: DrawerView) {
  const active = deriveSubscription(subscriptionFixture({ expiredAt: '01.01.2099 00:00:00', autoRenewal: true }), Date.now());
  const scope = fork({ values: [[$subscription, active]], handlers: [[closeAnimationFx, () => Promise.resolve()]] });
  renderWithApp(
    <>
      <button type="button">до</button>
      <AssistantDrawer />
      <ModalOver />
    </>,
    {
      scope,
      route: '/',
      queryDefaults: { staleTime: Infinity },
      queryData: [
        [botTextsQuery().queryKey, [{ key: 'assist_1st_msg', text: GREETING }]],
        [['content', 'faq'], [{ id: 1, question: 'Что такое ТОП?', answer: 'Бесплатная подборка.' }]],
      ],
    },
  );
  screen.getByRole('button', { name: 'до' }).focus();
  await act(() => allSettled(drawerViewRequested, { scope, params: view }));
  // The panel is a chunk of its own: it arrives on the first opening (the first import in a test run is transformed
  // on the spot, which takes a while on a busy machine).
  await screen.findByRole('dialog', { name: DRAWER_TITLES[view] }, { timeout: 10_000 });
  return scope;
}

describe('assistant drawer', () => {
  it('FAQ: the server greeting is in the live region in full at once, with the questions and no footer menu', async () => {
    await renderDrawer('FAQ');
    const dialog = screen.getByRole('dialog', { name: 'Ассистент' });
    // The server's texts reach the model in the panel's first effect, which may come a moment after the panel shows.
    await waitFor(() => expect(within(dialog).getByRole('status').textContent).toBe(GREETING));
    expect(within(dialog).queryByRole('navigation', { name: 'Меню ассистента' })).toBeNull();
    expect(within(dialog).getByRole('button', { name: 'Закрыть ассистента' })).toBe(document.activeElement);
  });

  it('each view has its own title, which also names the dialog', async () => {
    const scope = await renderDrawer('SUBSCRIPTION_INFO');
    expect(screen.getByRole('dialog', { name: 'Подписка на ИИ Поиск' }).textContent).toContain('Подписка на ИИ Поиск');
    await act(() => allSettled(drawerViewRequested, { scope, params: 'ANALYTICS_SETTINGS' }));
    expect(screen.getByRole('dialog', { name: 'Настройки аналитики' })).toBeTruthy();
    expect(new Set(Object.values(DRAWER_TITLES)).size).toBeGreaterThanOrEqual(10);
  });

  it('a question makes the bot answer it', async () => {
    await renderDrawer('FAQ');
    await userEvent.click(screen.getByRole('button', { name: 'Что такое ТОП?' }));
    expect(screen.getByRole('status').textContent).toBe('Бесплатная подборка.');
    expect(screen.getByRole('button', { name: 'Что такое ТОП?' }).getAttribute('aria-pressed')).toBe('true');
  });

  it('a settings view has the footer menu; its FAQ item switches the view; Escape closes and returns focus', async () => {
    const scope = await renderDrawer('SUBSCRIPTION_INFO');
    const footer = screen.getByRole('navigation', { name: 'Меню ассистента' });
    expect(screen.getByRole('status').textContent).toBe('Ваша подписка активна');
    await userEvent.click(within(footer).getByRole('button', { name: 'Частые вопросы' }));
    expect(scope.getState($chatState).viewId).toBe('FAQ');
    expect(screen.queryByRole('navigation', { name: 'Меню ассистента' })).toBeNull();
    await userEvent.keyboard('{Escape}');
    await act(() => allSettled(scope));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'до' }));
  });

  it('a modal over the drawer keeps focus and Escape: the first Escape closes only the modal', async () => {
    const scope = await renderDrawer('SUBSCRIPTION_INFO');
    const drawer = screen.getByRole('dialog', { name: 'Подписка на ИИ Поиск' });
    await act(() => allSettled(modalOpened, { scope, params: { id: 'cancelSubscription' } }));
    const modal = screen.getByRole('dialog', { name: 'Отменить подписку?' });
    expect(modal.contains(document.activeElement)).toBe(true);
    await userEvent.tab();
    expect(modal.contains(document.activeElement)).toBe(true);
    expect(drawer.contains(document.activeElement)).toBe(false);
    await userEvent.keyboard('{Escape}');
    await act(() => allSettled(scope));
    expect(screen.queryByRole('dialog', { name: 'Отменить подписку?' })).toBeNull();
    expect(screen.getByRole('dialog', { name: 'Подписка на ИИ Поиск' })).toBeTruthy();
    expect(scope.getState($chatState).isOpen).toBe(true);
    // The modal gone, the drawer's Escape works again.
    await userEvent.keyboard('{Escape}');
    await act(() => allSettled(scope));
    expect(screen.queryByRole('dialog', { name: 'Подписка на ИИ Поиск' })).toBeNull();
  });
});
