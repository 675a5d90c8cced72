import { allSettled, fork } from 'effector';
import { describe, expect, it } from 'vitest';
import {
  $drawer,
  drawerBotMessageRequested,
  drawerCloseRequested,
  drawerClosed,
  drawerViewRequested,
  drawerSidebarRequested,
} from '@/shared/model';
import {
  $chatState,
  $sidebarIds,
  botMessageSet,
  botTextsLoaded,
  chatForceClosed,
  closeAnimationFx,
  sidebarFailed,
  sidebarLoaded,
} from '@/widgets/assistant-drawer';

const instantClose = () => fork({ handlers: [[closeAnimationFx, () => Promise.resolve()]] });

describe('chat panel model (spec §3 chat state, §4 chat panel)', () => {
  it('starts closed on FAQ with an empty sidebar', () => {
    const state = fork().getState($chatState);
    expect(state).toMatchObject({ isOpen: false, viewId: 'FAQ', isClosing: false, isForceClosed: false, botMessage: null });
    expect(state.sidebarAparts).toEqual({ ids: [], data: null, isLoading: false });
  });

  it('open(view) sets the view, clears closing and force-closed, and shows the view message', async () => {
    const scope = fork();
    await allSettled(chatForceClosed, { scope });
    expect(scope.getState($chatState).isForceClosed).toBe(true);
    await allSettled(drawerViewRequested, { scope, params: 'ANALYTICS_SETTINGS' });
    const state = scope.getState($chatState);
    expect(state).toMatchObject({ isOpen: true, viewId: 'ANALYTICS_SETTINGS', isClosing: false, isForceClosed: false });
    expect(state.botMessage).toEqual({ text: 'Измените параметры поиска', attachmentId: null, typingMode: 'BY_SIGN' });
    expect(scope.getState($drawer)).toEqual({ isOpen: true, view: 'ANALYTICS_SETTINGS' });
  });

  it('a close request sets isClosing, then closes after the animation', async () => {
    const scope = instantClose();
    await allSettled(drawerViewRequested, { scope, params: 'FAQ' });
    await allSettled(drawerCloseRequested, { scope });
    expect(scope.getState($chatState)).toMatchObject({ isOpen: false, isClosing: false });
    // A close request on a closed drawer changes nothing.
    await allSettled(drawerCloseRequested, { scope });
    expect(scope.getState($chatState)).toMatchObject({ isOpen: false, isClosing: false });
  });

  it('isClosing is set while the close animation runs', async () => {
    let release: () => void = () => undefined;
    const scope = fork({ handlers: [[closeAnimationFx, () => new Promise<void>((r) => (release = r))]] });
    await allSettled(drawerViewRequested, { scope, params: 'FAQ' });
    const done = allSettled(drawerCloseRequested, { scope });
    await Promise.resolve();
    expect(scope.getState($chatState)).toMatchObject({ isOpen: true, isClosing: true });
    release();
    await done;
    expect(scope.getState($chatState)).toMatchObject({ isOpen: false, isClosing: false });
  });

  it('reopening during the close animation keeps the drawer open', async () => {
    let release: () => void = () => undefined;
    const scope = fork({ handlers: [[closeAnimationFx, () => new Promise<void>((r) => (release = r))]] });
    await allSettled(drawerViewRequested, { scope, params: 'FAQ' });
    const done = allSettled(drawerCloseRequested, { scope });
    await Promise.resolve();
    // Not awaited on its own: allSettled waits for the pending animation of this scope.
    const reopened = allSettled(drawerViewRequested, { scope, params: 'LEXS' });
    release();
    await Promise.all([done, reopened]);
    expect(scope.getState($chatState)).toMatchObject({ isOpen: true, isClosing: false, viewId: 'LEXS' });
  });

  it('force-close hides at once and marks isForceClosed', async () => {
    const scope = fork();
    await allSettled(drawerViewRequested, { scope, params: 'DISLIKE' });
    await allSettled(chatForceClosed, { scope });
    expect(scope.getState($chatState)).toMatchObject({ isOpen: false, isForceClosed: true });
  });

  it('closing LEXS_SIDEBAR or LIRA_SIDEBAR resets the sidebar apartments; FAVOURITES_SIDEBAR keeps them', async () => {
    for (const view of ['LEXS_SIDEBAR', 'LIRA_SIDEBAR'] as const) {
      const scope = fork();
      await allSettled(drawerSidebarRequested, { scope, params: { view, apartmentIds: [4, 5] } });
      expect(scope.getState($chatState)).toMatchObject({ isOpen: true, viewId: view });
      expect(scope.getState($chatState).sidebarAparts).toEqual({ ids: [4, 5], data: null, isLoading: true });
      expect(scope.getState($sidebarIds)).toEqual([4, 5]);
      await allSettled(drawerClosed, { scope });
      expect(scope.getState($chatState).sidebarAparts).toEqual({ ids: [], data: null, isLoading: false });
    }
    const scope = fork();
    await allSettled(drawerSidebarRequested, { scope, params: { view: 'FAVOURITES_SIDEBAR', apartmentIds: [9] } });
    await allSettled(drawerClosed, { scope });
    expect(scope.getState($sidebarIds)).toEqual([9]);
  });

  it('sidebar data and loading flag follow the load', async () => {
    const scope = fork();
    await allSettled(drawerSidebarRequested, { scope, params: { view: 'LEXS_SIDEBAR', apartmentIds: [1] } });
    await allSettled(sidebarLoaded, { scope, params: { LIKED: [] } });
    expect(scope.getState($chatState).sidebarAparts).toEqual({ ids: [1], data: { LIKED: [] }, isLoading: false });
    await allSettled(drawerSidebarRequested, { scope, params: { view: 'LEXS_SIDEBAR', apartmentIds: [2] } });
    await allSettled(sidebarFailed, { scope });
    expect(scope.getState($chatState).sidebarAparts).toEqual({ ids: [2], data: null, isLoading: false });
  });

  it('a bot message from free text keeps the attachment and typing mode; BY_SIGN by default', async () => {
    const scope = fork();
    await allSettled(botMessageSet, { scope, params: { text: 'Готово', attachmentId: 'img-1', typingMode: 'BY_WORD' } });
    expect(scope.getState($chatState).botMessage).toEqual({ text: 'Готово', attachmentId: 'img-1', typingMode: 'BY_WORD' });
    await allSettled(botMessageSet, { scope, params: { text: 'Ещё' } });
    expect(scope.getState($chatState).botMessage).toEqual({ text: 'Ещё', attachmentId: null, typingMode: 'BY_SIGN' });
  });

  it('a bot message from a view and message id takes that message, or the view default', async () => {
    const scope = fork();
    await allSettled(drawerBotMessageRequested, { scope, params: { viewId: 'LIRA_CREATION', messageId: 'check' } });
    expect(scope.getState($chatState).botMessage?.text).toBe('Ищем квартиры по вашему запросу...');
    await allSettled(drawerBotMessageRequested, { scope, params: { viewId: 'LIRA_CREATION', messageId: 'nope' } });
    expect(scope.getState($chatState).botMessage?.text).toBe('Настройте свои параметры');
  });

  it('server texts override the defaults, also for a message already shown', async () => {
    const scope = fork();
    await allSettled(drawerViewRequested, { scope, params: 'LIRA_SWITCH' });
    await allSettled(botTextsLoaded, { scope, params: [{ key: 'lira_switch', text: ['Что поменяем?', 'второй'] }] });
    expect(scope.getState($chatState).botMessage?.text).toBe('Что поменяем?');
    await allSettled(botTextsLoaded, { scope, params: [{ key: 'lira_creation', text: { check: 'Проверяем…' } }] });
    await allSettled(drawerBotMessageRequested, { scope, params: { viewId: 'LIRA_CREATION', messageId: 'check' } });
    expect(scope.getState($chatState).botMessage?.text).toBe('Проверяем…');
    // A free-text message is not replaced by later texts.
    await allSettled(botMessageSet, { scope, params: { text: 'Своё' } });
    await allSettled(botTextsLoaded, { scope, params: [{ key: 'lira_creation', text: 'Другое' }] });
    expect(scope.getState($chatState).botMessage?.text).toBe('Своё');
  });

  it('a free-text message set while the view’s message is still being resolved is kept', async () => {
    const scope = fork();
    // The texts arrive in a chunk of their own: the view's message resolves after the free text was set.
    const opened = allSettled(drawerViewRequested, { scope, params: 'FAQ' });
    const set = allSettled(botMessageSet, { scope, params: { text: 'Своё' } });
    await Promise.all([opened, set]);
    expect(scope.getState($chatState).botMessage?.text).toBe('Своё');
  });
});
