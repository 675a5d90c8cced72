import { useEffect, useId, useRef, type ReactNode } from 'react';
import { Icon } from './icons';
import { useMainButton, useSecondaryButton } from './native-controls';

const nothing = () => undefined;

/**
 * A dialog: backdrop and Escape close it, focus moves in on open and back on close.
 * Content is at most 375 px wide on screens ≥ 600 px when `narrow` (spec §9 auth modal).
 */
export function Modal({
  title,
  onClose,
  children,
  narrow = false,
}: {
  title: string;
  onClose: () => void;
  children: ReactNode;
  narrow?: boolean;
}) {
  const titleId = useId();
  const dialogRef = useRef<HTMLDivElement>(null);
  // Telegram's bottom buttons belong to the screen beneath: hidden while a dialog is over it, unless the component that
  // renders the dialog claims them for it (a parent's effects run after its children's, so that claim is the newer).
  useMainButton({ text: '', onClick: nothing, visible: false, layer: 'overlay' });
  useSecondaryButton({ text: '', onClick: nothing, visible: false, layer: 'overlay' });
  useEffect(() => {
    const previous = document.activeElement as HTMLElement | null;
    dialogRef.current?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onClose();
    };
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('keydown', onKey);
      previous?.focus?.();
    };
  }, [onClose]);
  return (
    <div className="kv-modal-backdrop" onMouseDown={(e) => e.target === e.currentTarget && onClose()}>
      <div
        ref={dialogRef}
        className={`kv-modal${narrow ? ' kv-modal--narrow' : ''}`}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
      >
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
