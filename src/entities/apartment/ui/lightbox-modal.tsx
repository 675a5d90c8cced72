import './lightbox.css';
import { useUnit } from 'effector-react';
import { Suspense, lazy, useRef } from 'react';
import { lightboxModal, modalClosed } from '@/shared/model';
import { Icon, useBackLayer, useDialogKeys, useNativeFullscreen } from '@/shared/ui';

const LightboxBody = lazy(() => import('./lightbox-body'));

/** The photo lightbox (modal id 'lightbox'): full screen, Escape or the close button leave it, focus returns. */
export function LightboxModal() {
  const [props, close] = useUnit([lightboxModal.$props, modalClosed]);
  const images = props?.images ?? [];
  useBackLayer(close);
  // On a phone inside Telegram the photos take the whole screen.
  useNativeFullscreen(images.length > 0);
  const ref = useRef<HTMLDivElement>(null);
  // As in Modal, from the commit on (an Escape as soon as the lazy lightbox shows is not lost); Tab is not held inside.
  useDialogKeys(ref, close, false);
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
