import 'swiper/css';
import 'swiper/css/pagination';
import { useUnit } from 'effector-react';
import { A11y, Pagination } from 'swiper/modules';
import { Swiper, SwiperSlide } from 'swiper/react';
import type { ImageSet } from '@/shared/api';
import { lightboxModal } from '@/shared/model';

/** The page's photos: a slider whose photos open the lightbox at the same photo, and the layout in 1x/2x/3x. */
export function Gallery({ images, layout, alt, layoutAlt }: { images: ImageSet[]; layout: ImageSet; alt: string; layoutAlt: string }) {
  const open = useUnit(lightboxModal.opened);
  const openAt = (index: number) => open({ images, index, alt });
  return (
    <div className="kv-apart-gallery">
      {images.length > 0 ? (
        <Swiper
          className="kv-apart-gallery__slider"
          modules={[Pagination, A11y]}
          pagination={{ clickable: true }}
          a11y={{ prevSlideMessage: 'Предыдущее фото', nextSlideMessage: 'Следующее фото', paginationBulletMessage: 'Фото {{index}}' }}
          data-testid="apart-gallery"
        >
          {images.map((image, index) => (
            <SwiperSlide key={image.x1}>
              <button
                type="button"
                className="kv-apart-gallery__photo"
                onClick={() => openAt(index)}
                aria-label={`Открыть фото ${index + 1} из ${images.length} на весь экран`}
              >
                <img
                  src={image.x2}
                  srcSet={`${image.x1} 1x, ${image.x2} 2x, ${image.x3} 3x`}
                  alt={`${alt}, фото ${index + 1} из ${images.length}`}
                  loading={index === 0 ? 'eager' : 'lazy'}
                  width={800}
                  height={520}
                />
              </button>
            </SwiperSlide>
          ))}
        </Swiper>
      ) : (
        <div className="kv-apart-gallery__empty kv-muted">Фотографий пока нет</div>
      )}
      <figure className="kv-apart-layout">
        <img
          src={layout.x1}
          srcSet={`${layout.x1} 1x, ${layout.x2} 2x, ${layout.x3} 3x`}
          alt={layoutAlt}
          loading="lazy"
          width={400}
          height={300}
        />
        <figcaption className="kv-muted">Планировка</figcaption>
      </figure>
    </div>
  );
}
