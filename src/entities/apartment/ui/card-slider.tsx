import type { ImageSet } from '@/shared/api';
import { themedImage, useDarkPage } from '@/shared/lib';
import { PhotoSlider } from '@/shared/ui';

/** The card's photo slider (spec §2): swipe on phones, bullets everywhere; the first photo is on the page at once. */
export function CardSlider({ images, alt, priority }: { images: ImageSet[]; alt: string; priority: boolean }) {
  const dark = useDarkPage();
  if (images.length === 0) return null;
  return (
    <PhotoSlider
      className="kv-slider"
      count={images.length}
      label={alt}
      testId="photo-slider"
      deferOffscreen
      renderSlide={(index) => {
        const image = themedImage(images[index]!, dark);
        return (
          <img
            className="kv-slider__photo"
            src={image.x1}
            srcSet={`${image.x1} 1x, ${image.x2} 2x, ${image.x3} 3x`}
            alt={`${alt}, фото ${index + 1} из ${images.length}`}
            loading={priority && index === 0 ? undefined : 'lazy'}
            fetchPriority={priority && index === 0 ? 'high' : undefined}
            width={480}
            height={320}
          />
        );
      }}
    />
  );
}
