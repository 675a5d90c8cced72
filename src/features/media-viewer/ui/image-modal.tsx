import { useUnit } from 'effector-react';
import { imageModal, modalClosed } from '@/shared/model';
import { Modal } from '@/shared/ui';

/** The image modal (spec §2 HOME modals): one picture at full width. */
export function ImageModal() {
  const [props, close] = useUnit([imageModal.$props, modalClosed]);
  if (!props?.src) return null;
  return (
    <Modal title={props.title ?? props.alt ?? 'Изображение'} onClose={close}>
      <img className="kv-image-modal" src={props.src} alt={props.alt ?? ''} data-testid="image-modal-picture" />
    </Modal>
  );
}
