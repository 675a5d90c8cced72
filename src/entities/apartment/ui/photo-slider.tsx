import 'swiper/css';
import 'swiper/css/pagination';
import { A11y, Pagination } from 'swiper/modules';
import { Swiper, SwiperSlide } from 'swiper/react';
import type { ImageSet } from '@/shared/api';

/** The card's photo slider (spec §2): swipe on phones, bullets everywhere, labelled for screen readers. */
export function PhotoSlider({ images, alt }: { images: ImageSet[]; alt: string }) {
  if (images.length === 0) return null;
  return (
    <Swiper
      className="kv-slider"
      modules={[Pagination, A11y]}
      pagination={{ clickable: true }}
      a11y={{ prevSlideMessage: 'Предыдущее фото', nextSlideMessage: 'Следующее фото', paginationBulletMessage: 'Фото {{index}}' }}
      nested
      data-testid="photo-slider"
    >
      {images.map((image, index) => (
        <SwiperSlide key={image.x1}>
          <img
            src={image.x1}
            srcSet={`${image.x1} 1x, ${image.x2} 2x, ${image.x3} 3x`}
            alt={`${alt}, фото ${index + 1} из ${images.length}`}
            loading="lazy"
            width={480}
            height={320}
          />
        </SwiperSlide>
      ))}
    </Swiper>
  );
}
