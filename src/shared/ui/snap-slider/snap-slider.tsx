import { useRef, useState, type ReactNode, type UIEvent } from 'react';
import { useSwipeGuard } from '../native-controls';
import { useNearViewport } from './use-near-viewport';

/**
 * A photo slider on the platform's own scrolling: a strip with scroll snapping, so a phone swipes it with native physics,
 * a trackpad scrolls it, and the server's markup is already the working slider — nothing to load or set up while a page
 * hydrates (swiper did that work per slider, which held a slow phone's main thread). Bullets switch slides everywhere;
 * they are buttons for the keyboard and screen readers, the current one marked, and slides out of view are inert.
 */
export function SnapSlider({
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
  const strip = useRef<HTMLDivElement>(null);
  const [current, setCurrent] = useState(0);
  const near = useNearViewport(strip);
  // A swipe through the photos must not pull the Mini App down.
  useSwipeGuard(strip);

  const onScroll = (event: UIEvent<HTMLDivElement>) => {
    const { scrollLeft, clientWidth } = event.currentTarget;
    if (clientWidth > 0) setCurrent(Math.round(scrollLeft / clientWidth));
  };
  const show = (index: number) => {
    const element = strip.current;
    if (!element) return;
    setCurrent(index);
    element.scrollTo({ left: index * element.clientWidth, behavior: 'smooth' });
  };

  return (
    <div
      className={`kv-snap${className ? ` ${className}` : ''}`}
      role="group"
      aria-roledescription="карусель"
      aria-label={label}
      data-testid={testId}
    >
      <div ref={strip} className="kv-snap__strip" onScroll={onScroll}>
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
