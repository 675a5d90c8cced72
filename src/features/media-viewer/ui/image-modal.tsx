import { useUnit } from 'effector-react';
import { $modal, modalClosed } from '@/shared/model';
import { Modal } from '@/shared/ui';

export interface ImageModalProps {
  src: string;
  alt: string;
  title?: string;
}

/** The image modal (spec §2 HOME modals): one picture at full width. */
export function ImageModal() {
  const [modal, close] = useUnit([$modal, modalClosed]);
  const props = modal?.props as Partial<ImageModalProps> | undefined;
  if (!props?.src) return null;
  return (
    <Modal title={props.title ?? props.alt ?? 'Изображение'} onClose={close}>
      <img className="kv-image-modal" src={props.src} alt={props.alt ?? ''} data-testid="image-modal-picture" />
    </Modal>
  );
}
