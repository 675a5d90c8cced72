import 'swiper/css';
import 'swiper/css/navigation';
import { useState } from 'react';
import { A11y, Keyboard, Navigation } from 'swiper/modules';
import { Swiper, SwiperSlide } from 'swiper/react';
import type { ImageSet } from '@/shared/api';
import { themedImage, useDarkPage } from '@/shared/lib';

/**
 * The lightbox's slider, loaded only when the lightbox first opens: arrows (buttons and keyboard),
 * swipe, images fetched lazily one by one, the position announced for screen readers.
 */
export default function LightboxBody({ images, start, alt }: { images: ImageSet[]; start: number; alt: string }) {
  const [index, setIndex] = useState(start);
  const dark = useDarkPage();
  const shown = images.map((image) => themedImage(image, dark));
  return (
    <>
      <Swiper
        className="kv-lightbox__slider"
        modules={[Keyboard, Navigation, A11y]}
        initialSlide={start}
        keyboard={{ enabled: true, onlyInViewport: false }}
        navigation
        spaceBetween={16}
        onSlideChange={(swiper) => setIndex(swiper.activeIndex)}
        a11y={{
          prevSlideMessage: 'Предыдущее фото',
          nextSlideMessage: 'Следующее фото',
          slideLabelMessage: 'Фото {{index}} из {{slidesLength}}',
        }}
        data-testid="lightbox-slider"
      >
        {shown.map((image, n) => (
          <SwiperSlide key={image.x1}>
            <img
              src={image.x2}
              srcSet={`${image.x1} 1x, ${image.x2} 2x, ${image.x3} 3x`}
              alt={`${alt}, фото ${n + 1} из ${images.length}`}
              loading={Math.abs(n - start) <= 1 ? 'eager' : 'lazy'}
              draggable={false}
            />
          </SwiperSlide>
        ))}
      </Swiper>
      <p className="kv-lightbox__counter" aria-live="polite" data-testid="lightbox-counter" data-index={index}>
        {index + 1} / {images.length}
      </p>
    </>
  );
}
