import { useEffect, useLayoutEffect, useRef, type RefObject } from 'react';

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/**
 * While active: focus moves into the container, Tab cycles inside it, Escape calls onEscape,
 * and on deactivation focus returns to what had it before (the button that opened the drawer).
 * While paused (a modal is open over the container) Tab and Escape belong to the modal: the trap neither pulls
 * focus back nor closes; pausing does not move focus, so the modal keeps it and later gives it back.
 */
export function useFocusTrap(container: RefObject<HTMLElement | null>, active: boolean, onEscape: () => void, paused = false) {
  const pausedRef = useRef(paused);
  useEffect(() => {
    pausedRef.current = paused;
  }, [paused]);
  // A layout effect: the panel is a lazy chunk, and after such a commit React runs passive effects only after the paint,
  // while the browser hands a key press to the page before that. Escape right after the panel shows must close it.
  useLayoutEffect(() => {
    if (!active) return;
    const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const root = container.current;
    if (root && !root.contains(document.activeElement))
      (root.querySelector<HTMLElement>('[data-autofocus]') ?? root).focus({ preventScroll: true });
    const onKey = (event: KeyboardEvent) => {
      if (pausedRef.current) return;
      if (event.key === 'Escape') {
        event.preventDefault();
        onEscape();
        return;
      }
      if (event.key !== 'Tab' || !container.current) return;
      const items = [...container.current.querySelectorAll<HTMLElement>(FOCUSABLE)].filter(
        (el) => el.offsetParent !== null || el === document.activeElement,
      );
      if (items.length === 0) return;
      const first = items[0]!;
      const last = items[items.length - 1]!;
      if (event.shiftKey && (document.activeElement === first || !container.current.contains(document.activeElement))) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && (document.activeElement === last || !container.current.contains(document.activeElement))) {
        event.preventDefault();
        first.focus();
      }
    };
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('keydown', onKey);
      if (previous && document.contains(previous)) previous.focus({ preventScroll: true });
    };
  }, [active, container, onEscape]);
}
