import { useRef, type PointerEvent as ReactPointerEvent, type RefObject } from 'react';

/** Spec §9: a bottom sheet dragged down more than 128 px closes. */
export const DRAG_CLOSE_PX = 128;
const PHONE = '(max-width: 600px)';
/** Movement below this is a tap, not a drag. */
const DRAG_SLOP_PX = 6;

/**
 * Pointer handlers for the sheet's top (grip and header): the sheet follows the finger downwards; released past
 * the threshold it closes (sliding on from where it is), otherwise it springs back.
 */
export function useSheetDrag(sheet: RefObject<HTMLElement | null>, onClose: () => void) {
  const start = useRef<{ y: number; id: number; captured: boolean } | null>(null);
  const dy = useRef(0);

  const setOffset = (px: number, animate: boolean) => {
    const el = sheet.current;
    if (!el) return;
    el.style.transition = animate ? 'transform 250ms ease-out' : 'none';
    el.style.transform = px > 0 ? `translateY(${px}px)` : '';
  };

  return {
    onPointerDown(event: ReactPointerEvent<HTMLElement>) {
      if (!window.matchMedia?.(PHONE).matches || (event.pointerType === 'mouse' && event.button !== 0)) return;
      // No capture yet: a tap on the close button in the header must stay a click.
      start.current = { y: event.clientY, id: event.pointerId, captured: false };
      dy.current = 0;
    },
    onPointerMove(event: ReactPointerEvent<HTMLElement>) {
      if (!start.current || start.current.id !== event.pointerId) return;
      dy.current = Math.max(0, event.clientY - start.current.y);
      if (!start.current.captured && dy.current > DRAG_SLOP_PX) {
        start.current.captured = true;
        event.currentTarget.setPointerCapture?.(event.pointerId);
      }
      if (start.current.captured) setOffset(dy.current, false);
    },
    onPointerUp(event: ReactPointerEvent<HTMLElement>) {
      if (!start.current || start.current.id !== event.pointerId) return;
      const dragged = start.current.captured;
      start.current = null;
      if (!dragged) return;
      if (dy.current > DRAG_CLOSE_PX) {
        setOffset(sheet.current?.offsetHeight ?? window.innerHeight, true);
        onClose();
      } else setOffset(0, true);
      dy.current = 0;
    },
    onPointerCancel() {
      start.current = null;
      dy.current = 0;
      setOffset(0, true);
    },
  };
}
