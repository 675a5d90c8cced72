import { useId, useLayoutEffect, useRef, type ReactNode, type RefObject } from 'react';
import { Icon } from './icons';
import { useBackLayer, useMainButton, useSecondaryButton } from './native-controls';

const nothing = () => undefined;

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/** Tab and Shift+Tab go round the dialog's own controls instead of leaving it for the page behind. */
function keepFocusInside(dialog: HTMLElement, event: KeyboardEvent): void {
  const active = document.activeElement;
  // Focus already elsewhere (a layer opened on top of this one) is not ours to move.
  if (!(active instanceof Node) || !dialog.contains(active)) return;
  const focusable = [...dialog.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((el) => !el.closest('[hidden], [inert]'));
  const first = focusable[0];
  const last = focusable[focusable.length - 1];
  if (!first || !last) {
    event.preventDefault();
    return;
  }
  if (event.shiftKey && (active === first || active === dialog)) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && active === last) {
    event.preventDefault();
    first.focus();
  }
}

/**
 * A dialog's keys from the commit on: focus moves in, Escape calls `onClose`, Tab stays inside when `keepTab`, and
 * focus goes back on close. A layout effect: dialogs are lazy chunks, and after such a commit a passive effect runs
 * only after the paint, when an Escape pressed at once would already be lost.
 */
export function useDialogKeys(dialog: RefObject<HTMLElement | null>, onClose: () => void, keepTab: boolean): void {
  useLayoutEffect(() => {
    const previous = document.activeElement as HTMLElement | null;
    dialog.current?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onClose();
      else if (keepTab && event.key === 'Tab' && dialog.current) keepFocusInside(dialog.current, event);
    };
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('keydown', onKey);
      previous?.focus?.();
    };
  }, [dialog, onClose, keepTab]);
}

/**
 * A dialog: backdrop and Escape close it, focus moves in on open, stays inside while it is open, and goes back on close.
 * Content is at most 375 px wide on screens ≥ 600 px when `narrow` (spec §9 auth modal); a `sheet` rises from the
 * bottom of a phone's screen (≤ 600 px) like the assistant drawer, and is a centred card on wider screens.
 */
export function Modal({
  title,
  onClose,
  children,
  narrow = false,
  sheet = false,
  testId,
}: {
  title: string;
  onClose: () => void;
  children: ReactNode;
  narrow?: boolean;
  sheet?: boolean;
  testId?: string;
}) {
  const titleId = useId();
  const dialogRef = useRef<HTMLDivElement>(null);
  // Telegram's bottom buttons belong to the screen beneath: hidden while a dialog is over it, unless the component that
  // renders the dialog claims them for it (a parent's effects run after its children's, so that claim is the newer).
  useMainButton({ text: '', onClick: nothing, visible: false, layer: 'overlay' });
  useSecondaryButton({ text: '', onClick: nothing, visible: false, layer: 'overlay' });
  // Telegram's BackButton closes the dialog before it navigates.
  useBackLayer(onClose);
  useDialogKeys(dialogRef, onClose, true);
  const classes = ['kv-modal', narrow ? 'kv-modal--narrow' : '', sheet ? 'kv-modal--sheet' : ''].filter(Boolean).join(' ');
  return (
    <div
      className={`kv-modal-backdrop${sheet ? ' kv-modal-backdrop--sheet' : ''}`}
      onMouseDown={(e) => e.target === e.currentTarget && onClose()}
    >
      <div ref={dialogRef} className={classes} role="dialog" aria-modal="true" aria-labelledby={titleId} tabIndex={-1} data-testid={testId}>
        <div className="kv-modal__head">
          <h2 id={titleId} className="kv-modal__title">
            {title}
          </h2>
          <button type="button" className="kv-icon-button" onClick={onClose} aria-label="Закрыть">
            <Icon name="close" />
          </button>
        </div>
        {children}
      </div>
    </div>
  );
}
