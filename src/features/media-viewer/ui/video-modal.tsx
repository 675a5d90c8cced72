import { useUnit } from 'effector-react';
import { modalClosed, videoModal } from '@/shared/model';
import { Modal } from '@/shared/ui';

/** The video player modal (spec §2 HOME modals): native controls, starts playing on open. */
export function VideoModal() {
  const [props, close] = useUnit([videoModal.$props, modalClosed]);
  if (!props?.src) return null;
  return (
    <Modal title={props.title ?? 'Видео'} onClose={close}>
      <div className="kv-video-modal">
        <video src={props.src} controls autoPlay muted playsInline preload="auto" data-testid="promo-video" aria-label={props.title} />
        {props.transcript && props.transcript.length > 0 && (
          <details className="kv-video-modal__transcript">
            <summary>Текст видео</summary>
            <ul>
              {props.transcript.map((line) => (
                <li key={line}>{line}</li>
              ))}
            </ul>
          </details>
        )}
      </div>
    </Modal>
  );
}
