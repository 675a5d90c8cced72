import './lightbox.css';
import { useUnit } from 'effector-react';
import { Suspense, lazy, useLayoutEffect, useRef } from 'react';
import { lightboxModal, modalClosed } from '@/shared/model';
import { Icon, useBackLayer, useNativeFullscreen } from '@/shared/ui';

const LightboxBody = lazy(() => import('./lightbox-body'));

/** The photo lightbox (modal id 'lightbox'): full screen, Escape or the close button leave it, focus returns. */
export function LightboxModal() {
  const [props, close] = useUnit([lightboxModal.$props, modalClosed]);
  const images = props?.images ?? [];
  useBackLayer(close);
  // On a phone inside Telegram the photos take the whole screen.
  useNativeFullscreen(images.length > 0);
  const ref = useRef<HTMLDivElement>(null);
  // From the commit on, as in Modal: an Escape pressed as soon as the lazy lightbox shows is not lost.
  useLayoutEffect(() => {
    const previous = document.activeElement as HTMLElement | null;
    ref.current?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') close();
    };
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('keydown', onKey);
      previous?.focus?.();
    };
  }, [close]);
  if (images.length === 0) return null;
  const start = Math.min(Math.max(0, props?.index ?? 0), images.length - 1);
  return (
    <div ref={ref} className="kv-lightbox" role="dialog" aria-modal="true" aria-label="Фотографии" tabIndex={-1} data-testid="lightbox">
      <button type="button" className="kv-lightbox__close" onClick={close} aria-label="Закрыть фотографии">
        <Icon name="close" size={26} />
      </button>
      <Suspense
        fallback={
          <p className="kv-lightbox__loading" role="status">
            Загружаем фото…
          </p>
        }
      >
        <LightboxBody images={images} start={start} alt={props?.alt ?? 'Фото квартиры'} />
      </Suspense>
    </div>
  );
}
