import { useUnit } from 'effector-react';
import type { ComponentType } from 'react';
import { ApartmentModal } from '@/entities/apartment';
import { ServiceModal } from '@/entities/service';
import { AuthModal } from '@/features/auth-modal';
import { CallbackModal } from '@/features/callback-request';
import { CityPickerModal } from '@/features/city-pick';
import { ImageModal, VideoModal } from '@/features/media-viewer';
import { CancelSubscriptionModal, RecurrentPaymentModal, SuccessModal, UnsuccessModal } from '@/features/subscription-modals';
import { $modal, type ModalId } from '@/shared/model';

/** The component of each modal id; a feature registers its modal here and nowhere else. */
const MODALS: Partial<Record<ModalId, ComponentType>> = {
  city: CityPickerModal,
  auth: AuthModal,
  apartment: ApartmentModal,
  video: VideoModal,
  image: ImageModal,
  callback: CallbackModal,
  service: ServiceModal,
  cancelSubscription: CancelSubscriptionModal,
  recurrentPayment: RecurrentPaymentModal,
  success: SuccessModal,
  unsuccess: UnsuccessModal,
};

/** One modal at a time; the auth and city modals are available on every route (spec §2). */
export function ModalHost() {
  const modal = useUnit($modal);
  const Modal = modal ? MODALS[modal.id] : undefined;
  return Modal ? <Modal /> : null;
}
