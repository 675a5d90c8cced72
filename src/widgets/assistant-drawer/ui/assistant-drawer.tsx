import { useUnit } from 'effector-react';
import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router-dom';
import { $chatState, chatForceClosed } from '../model/chat';
import { drawerCloseRequested, drawerViewRequested } from '@/shared/model';
import { hasFooterMenu } from '../lib/footer';
import { DRAWER_TITLES } from '../lib/titles';
import { useBotTexts } from '../api/use-bot-texts';
import { $modal } from '@/shared/model';
import { Icon, useBackLayer, useMainButton, useSecondaryButton, useSwipeGuard } from '@/shared/ui';
import { TypedText } from './typed-text';
import { useFocusTrap } from './use-focus-trap';
import { useSheetDrag } from './use-sheet-drag';
import { DRAWER_VIEW_BODIES } from './views';
import './assistant-drawer.css';

const nothing = () => undefined;

/**
 * The assistant panel (spec §2 "Assistant drawer views"): a side panel on desktop, a bottom sheet
 * on phones that closes when dragged down. The bot message on top, the view's body below, and
 * for settings-like views a footer menu.
 */
export function AssistantDrawer() {
  const [chat, requestClose, open, forceClose, modal] = useUnit([
    $chatState,
    drawerCloseRequested,
    drawerViewRequested,
    chatForceClosed,
    $modal,
  ]);
  const { pathname } = useLocation();
  const previous = useRef({ pathname, isOpen: chat.isOpen });
  // The drawer belongs to the page it was opened on: leaving that page force-closes it (no animation).
  // Opening it together with a navigation (the same render) keeps it open.
  useEffect(() => {
    if (previous.current.isOpen && chat.isOpen && previous.current.pathname !== pathname) forceClose();
    previous.current = { pathname, isOpen: chat.isOpen };
  }, [pathname, chat.isOpen, forceClose]);
  const texts = useBotTexts(chat.isOpen);
  const sheet = useRef<HTMLElement>(null);
  const drag = useSheetDrag(sheet, requestClose);
  // Dragging the sheet (or scrolling in it) moves the sheet, not the Mini App behind it.
  useSwipeGuard(sheet, chat.isOpen);
  // The open sheet covers the page: the page's Telegram buttons are hidden, unless a view in it claims them (a form).
  useMainButton({ text: '', onClick: nothing, visible: false, layer: 'sheet', active: chat.isOpen });
  useSecondaryButton({ text: '', onClick: nothing, visible: false, layer: 'sheet', active: chat.isOpen });
  // A modal opened over the drawer (e.g. cancel subscription from SUBSCRIPTION_INFO) owns focus and Escape meanwhile.
  useFocusTrap(sheet, chat.isOpen, requestClose, modal !== null);
  // Telegram's BackButton closes the sheet (after any modal over it) before it navigates.
  useBackLayer(requestClose, chat.isOpen);
  if (!chat.isOpen) return null;
  const Body = DRAWER_VIEW_BODIES[chat.viewId];
  const message = chat.botMessage;
  // The FAQ greeting waits for the server text (it is what operators edit), other views start at once.
  const title = DRAWER_TITLES[chat.viewId];
  const waitingGreeting = chat.viewId === 'FAQ' && texts.isPending && message !== null && !message.attachmentId;
  return (
    <div
      className={`kv-drawer-backdrop${chat.isClosing ? ' is-closing' : ''}`}
      onMouseDown={(e) => e.target === e.currentTarget && requestClose()}
    >
      <aside
        ref={sheet}
        className={`kv-drawer${chat.isClosing ? ' is-closing' : ''}`}
        role="dialog"
        aria-modal="true"
        aria-label={title}
        tabIndex={-1}
        data-view={chat.viewId}
      >
        <div className="kv-drawer__top" {...drag} data-testid="drawer-handle">
          <div className="kv-drawer__handle" aria-hidden="true">
            <span />
          </div>
          <div className="kv-drawer__head">
            <span className="kv-drawer__title">{title}</span>
            <button type="button" className="kv-icon-button" onClick={requestClose} aria-label="Закрыть ассистента" data-autofocus>
              <Icon name="close" />
            </button>
          </div>
        </div>
        <div className="kv-drawer__body">
          {message && (
            <div className="kv-bot-message" role="status" aria-live="polite">
              {waitingGreeting ? (
                <span className="kv-typing-dots" aria-label="Ассистент печатает">
                  …
                </span>
              ) : (
                <TypedText key={`${message.typingMode}:${message.text}`} text={message.text} mode={message.typingMode} />
              )}
              {message.attachmentId && (
                <img
                  className="kv-typed__image"
                  src={`${import.meta.env.BASE_URL}images/bot-image-placeholder.svg`}
                  alt="Вложение"
                  width={240}
                  height={140}
                />
              )}
            </div>
          )}
          {Body ? <Body /> : <p className="kv-muted">Раздел в разработке: здесь появятся ответы на вопросы и настройки подбора.</p>}
        </div>
        {hasFooterMenu(chat.viewId) && (
          <nav className="kv-drawer__footer" aria-label="Меню ассистента">
            <button type="button" className="kv-button" onClick={() => open('FAQ')}>
              Частые вопросы
            </button>
            <button type="button" className="kv-button" onClick={requestClose}>
              Закрыть
            </button>
          </nav>
        )}
      </aside>
    </div>
  );
}
