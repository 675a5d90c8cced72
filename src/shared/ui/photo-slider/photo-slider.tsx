import { useEffect, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import type { Swiper } from 'swiper';
import { useSwipeGuard } from '../native-controls';
import { useNearViewport } from './use-near-viewport';

/** Runs `task` when the browser is idle (a later task where it cannot tell); returns a cancel. */
function whenIdle(task: () => void): () => void {
  if (typeof requestIdleCallback === 'function') {
    const id = requestIdleCallback(task, { timeout: 1000 });
    return () => cancelIdleCallback(id);
  }
  const id = setTimeout(task, 50);
  return () => clearTimeout(id);
}

/**
 * A photo slider: swiper in its CSS mode, i.e. on the platform's own scroll snapping — a phone swipes it with native
 * physics, a trackpad scrolls it, and the server's markup is already a working strip (our CSS, `.kv-snap__*`, gives
 * it the snapping before any script runs). swiper itself is loaded and set up only once the slider comes near the
 * screen and the browser is idle, never while the page hydrates (set up per card during hydration it held a slow
 * phone's main thread); from then on it follows the scroll and moves to a slide. Bullets switch slides everywhere;
 * they are buttons for the keyboard and screen readers, the current one marked, and slides out of view are inert.
 */
export function PhotoSlider({
  count,
  label,
  renderSlide,
  className,
  testId,
  deferOffscreen = false,
}: {
  count: number;
  /** What the slider shows, for screen readers ('Жилой комплекс …'). */
  label: string;
  renderSlide: (index: number) => ReactNode;
  className?: string;
  testId?: string;
  /** Slides after the first are drawn only once the slider comes near the screen (a feed of cards need not download
   * every card's photos before the visitor has seen the first). */
  deferOffscreen?: boolean;
}) {
  const root = useRef<HTMLDivElement>(null);
  const strip = useRef<HTMLDivElement>(null);
  const swiper = useRef<Swiper | null>(null);
  const [current, setCurrent] = useState(0);
  // The slide a bullet or key asked for before swiper came, until the strip gets there: it may still be scrolling
  // (smoothly), so its scroll position would start swiper on the slide it is leaving.
  const requested = useRef<number | null>(null);
  const near = useNearViewport(strip);
  // A swipe through the photos must not pull the Mini App down.
  useSwipeGuard(strip);

  // Before swiper has come, a swipe is the strip's own scroll: the bullets follow it, and once the strip reaches the
  // slide a bullet asked for, that request is done (a later swipe is where swiper must start, not the bullet).
  useEffect(() => {
    const scroller = strip.current;
    if (!scroller || count < 2) return;
    const followScroll = () => {
      if (swiper.current || scroller.clientWidth <= 0) return;
      const index = Math.round(scroller.scrollLeft / scroller.clientWidth);
      if (requested.current === null) setCurrent(Math.max(0, Math.min(count - 1, index)));
      else if (requested.current === index) requested.current = null;
    };
    scroller.addEventListener('scroll', followScroll, { passive: true });
    return () => scroller.removeEventListener('scroll', followScroll);
  }, [count]);

  useEffect(() => {
    const element = root.current;
    if (!near || !element || count < 2) return;
    let instance: Swiper | null = null;
    let cancelled = false;
    const cancelIdle = whenIdle(() => {
      void import('swiper').then(({ Swiper: Slider }) => {
        const scroller = strip.current;
        if (cancelled || !scroller) return;
        instance = new Slider(element, {
          cssMode: true,
          // Our markup and CSS: swiper adds no stylesheet and no classes of its own that would style it.
          wrapperClass: 'kv-snap__strip',
          slideClass: 'kv-snap__slide',
          containerModifierClass: 'kv-snap--',
          // Where a visitor already went before swiper came, it stays.
          initialSlide: requested.current ?? (scroller.clientWidth > 0 ? Math.round(scroller.scrollLeft / scroller.clientWidth) : 0),
          on: { slideChange: (s) => setCurrent(s.activeIndex) },
        });
        swiper.current = instance;
        setCurrent(instance.activeIndex);
      });
    });
    return () => {
      cancelled = true;
      cancelIdle();
      instance?.destroy(true, false);
      swiper.current = null;
    };
  }, [near, count]);

  const show = (index: number) => {
    setCurrent(index);
    const element = strip.current;
    // Before swiper has come the strip scrolls there by itself.
    if (swiper.current) swiper.current.slideTo(index);
    else {
      requested.current = index;
      element?.scrollTo({ left: index * element.clientWidth, behavior: 'smooth' });
    }
  };

  // The strip itself takes the keyboard's focus (WCAG 2.1.1: a region that scrolls must be reachable): arrows and
  // Home/End move a slide at a time.
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const keys: Record<string, number> = { ArrowRight: current + 1, ArrowLeft: current - 1, Home: 0, End: count - 1 };
    const next = keys[event.key];
    if (next === undefined) return;
    event.preventDefault();
    show(Math.max(0, Math.min(count - 1, next)));
  };

  return (
    <div
      ref={root}
      className={`kv-snap${className ? ` ${className}` : ''}`}
      role="group"
      aria-roledescription="карусель"
      aria-label={label}
      data-testid={testId}
    >
      <div
        ref={strip}
        className="kv-snap__strip"
        {...(count > 1 ? { tabIndex: 0, onKeyDown, 'aria-label': `Фото ${current + 1} из ${count}, листайте стрелками` } : {})}
      >
        {Array.from({ length: count }, (_, index) => (
          <div key={index} className="kv-snap__slide" inert={index !== current}>
            {index === 0 || near || !deferOffscreen ? renderSlide(index) : null}
          </div>
        ))}
      </div>
      {count > 1 && (
        <div className="kv-snap__bullets">
          {Array.from({ length: count }, (_, index) => (
            <button
              key={index}
              type="button"
              className="kv-snap__bullet"
              // The strip's arrows already move the photos: the bullets are for a pointer and a screen reader's list,
              // not five more Tab stops per slider (a feed card cost twelve).
              tabIndex={-1}
              aria-label={`Фото ${index + 1}`}
              aria-current={index === current ? 'true' : undefined}
              onClick={() => show(index)}
            />
          ))}
        </div>
      )}
    </div>
  );
}
