import { useUnit } from 'effector-react';
import type { ImageSet } from '@/shared/api';
import { themedImage, useDarkPage } from '@/shared/lib';
import { lightboxModal } from '@/shared/model';
import { PhotoSlider } from '@/shared/ui';

/** The page's photos: the photo slider (swiper comes after the page has hydrated) whose photos open the lightbox at the same photo, and the layout in 1x/2x/3x. */
export function Gallery({
  images,
  layout,
  alt,
  layoutAlt,
  illustrated = false,
}: {
  images: ImageSet[];
  layout: ImageSet;
  alt: string;
  layoutAlt: string;
  /** Drawn pictures, not photos of the house: said under them. */
  illustrated?: boolean;
}) {
  const open = useUnit(lightboxModal.opened);
  const dark = useDarkPage();
  const openAt = (index: number) => open({ images, index, alt });
  return (
    <div className="kv-apart-gallery">
      {/* The caption stays under the photos it speaks of, in the wide grid's first column and in the phone's order. */}
      <figure className="kv-apart-gallery__main">
        {images.length > 0 ? (
          <PhotoSlider
            className="kv-apart-gallery__slider"
            count={images.length}
            label={alt}
            testId="apart-gallery"
            renderSlide={(index) => {
              const image = themedImage(images[index]!, dark);
              return (
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
                    fetchPriority={index === 0 ? 'high' : undefined}
                    width={800}
                    height={520}
                  />
                </button>
              );
            }}
          />
        ) : (
          <div className="kv-apart-gallery__empty kv-muted">Фотографий пока нет</div>
        )}
        {illustrated && images.length > 0 && (
          <figcaption className="kv-muted kv-apart-illustration" data-testid="apart-illustration">
            Иллюстрация: рисунок, а не фото дома
          </figcaption>
        )}
      </figure>
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
