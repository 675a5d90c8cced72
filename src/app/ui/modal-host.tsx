import { useUnit } from 'effector-react';
import { Suspense, type ComponentType } from 'react';
import { ApartmentModal, LightboxModal } from '@/entities/apartment';
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
  lightbox: LightboxModal,
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
  if (!modal) return null;
  // The slot names the open modal (tests and styles can see which one was asked for, even before it is registered).
  return (
    <div className="kv-modal-slot" data-modal-id={modal.id} style={{ display: 'contents' }}>
      {/* Each modal's code arrives when it is first opened (the slices export it lazily). */}
      <Suspense fallback={null}>{Modal ? <Modal /> : null}</Suspense>
    </div>
  );
}
