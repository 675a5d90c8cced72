import { useUnit } from 'effector-react';
import { Suspense, type ComponentType } from 'react';
import { ApartmentModal, LightboxModal } from '@/entities/apartment';
import { ServiceModal } from '@/entities/service';
import { AccountDataModal } from '@/features/account-data';
import { AuthModal } from '@/features/auth-modal';
import { CallbackModal } from '@/features/callback-request';
import { CityPickerModal } from '@/features/city-pick';
import { ImageModal, VideoModal } from '@/features/media-viewer';
import { AdvertModal } from '@/widgets/advert-modal';
import { $modal, type ModalId } from '@/shared/model';
import { lazyComponent } from '@/shared/ui';

// The subscription modals come with their feature's model (payment return, start after paying), which the AI-search
// page loads too: neither belongs in the first screen's bundle, so the feature itself is loaded on demand here.
// Its exports are lazy components themselves, which React.lazy cannot resolve to: each is rendered inside a plain one.
const subscriptionModal = (name: 'CancelSubscriptionModal' | 'RecurrentPaymentModal' | 'SuccessModal' | 'UnsuccessModal') =>
  lazyComponent(
    () =>
      import('@/features/subscription-modals').then((feature) => {
        const Modal = feature[name];
        return {
          SubscriptionModal: function SubscriptionModal() {
            return <Modal />;
          },
        };
      }),
    'SubscriptionModal',
  );
const CancelSubscriptionModal = subscriptionModal('CancelSubscriptionModal');
const RecurrentPaymentModal = subscriptionModal('RecurrentPaymentModal');
const SuccessModal = subscriptionModal('SuccessModal');
const UnsuccessModal = subscriptionModal('UnsuccessModal');

/** The component of each modal id; a feature registers its modal here and nowhere else. */
const MODALS: Partial<Record<ModalId, ComponentType>> = {
  city: CityPickerModal,
  auth: AuthModal,
  apartment: ApartmentModal,
  lightbox: LightboxModal,
  video: VideoModal,
  image: ImageModal,
  callback: CallbackModal,
  advert: AdvertModal,
  service: ServiceModal,
  cancelSubscription: CancelSubscriptionModal,
  recurrentPayment: RecurrentPaymentModal,
  success: SuccessModal,
  unsuccess: UnsuccessModal,
  accountData: AccountDataModal,
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
