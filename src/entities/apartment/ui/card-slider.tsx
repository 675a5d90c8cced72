import { useRef, useState, type UIEvent } from 'react';
import type { ImageSet } from '@/shared/api';
import { useNearViewport } from './use-near-viewport';

/**
 * The card's photo slider (spec §2): a native scroll-snap strip, so a phone swipes it with the platform's own physics and
 * the server's markup is already the slider — nothing to load or set up when thirty cards hydrate (swiper did that work
 * per card, which held a slow phone's main thread). Bullets switch photos everywhere; they are buttons for the keyboard
 * and screen readers, the current one marked. The photos after the first are requested only once the card comes near
 * the screen: a page of cards does not download three photos each before the visitor has seen the first.
 */
export function CardSlider({ images, alt, priority }: { images: ImageSet[]; alt: string; priority: boolean }) {
  const strip = useRef<HTMLDivElement>(null);
  const [current, setCurrent] = useState(0);
  const near = useNearViewport(strip);
  if (images.length === 0) return null;

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
    <div className="kv-slider" role="group" aria-roledescription="карусель" aria-label={alt} data-testid="photo-slider">
      <div ref={strip} className="kv-slider__strip" onScroll={onScroll}>
        {images.map((image, index) =>
          index > 0 && !near ? (
            <div key={image.x1} className="kv-slider__photo" />
          ) : (
            <img
              key={image.x1}
              className="kv-slider__photo"
              src={image.x1}
              srcSet={`${image.x1} 1x, ${image.x2} 2x, ${image.x3} 3x`}
              alt={`${alt}, фото ${index + 1} из ${images.length}`}
              aria-hidden={index === current ? undefined : true}
              loading={priority && index === 0 ? undefined : 'lazy'}
              fetchPriority={priority && index === 0 ? 'high' : undefined}
              width={480}
              height={320}
            />
          ),
        )}
      </div>
      {images.length > 1 && (
        <div className="kv-slider__bullets">
          {images.map((image, index) => (
            <button
              key={image.x1}
              type="button"
              className="kv-slider__bullet"
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
