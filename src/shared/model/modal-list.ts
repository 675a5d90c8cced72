import type { ApartmentItem, ImageSet, Service } from '@/shared/api';
import { createModal } from './modals';

/**
 * The modals of spec §2 with their props. They are declared here, not in their slices, because any layer opens them
 * (an entity's service modal opens the callback feature's modal); each slice renders its own through `$props`.
 */
export interface ApartmentModalProps {
  item: ApartmentItem;
  /** Opened from favourites: no dislike, no AI index (spec §2 FAV). */
  withoutDislike?: boolean;
  withoutRelevance?: boolean;
}
export interface LightboxModalProps {
  images: ImageSet[];
  index?: number;
  alt?: string;
}
export interface CallbackModalProps {
  /** Sent with the request: what the call is about. */
  extraField: string;
  title?: string;
  /** The line under the title: what happens after sending (a booking is not a call-back). */
  lead?: string;
  /** The submit button's text. */
  submitText?: string;
}
export interface ServiceModalProps {
  service: Service;
  /** False on the service's own page: no link to where the user already is. */
  withLink?: boolean;
}
export interface ImageModalProps {
  src: string;
  alt: string;
  title?: string;
}
export interface VideoModalProps {
  src: string;
  title: string;
  /** Read out and shown under the player, so the video is never the only way to get its message. */
  transcript?: readonly string[];
}

export interface AdvertModalProps {
  /** The apartment whose adverts list (`/apartment/{apartId}/advert`) holds it. */
  apartmentId: number;
  /** Which of them: an apartment has one advert per source. */
  source: string;
  /** The source's listing number, where two of its adverts might share a source's name (two feeds of one agency). */
  number?: string;
}

export const advertModal = createModal<AdvertModalProps>('advert');
export const apartmentModal = createModal<ApartmentModalProps>('apartment');
export const lightboxModal = createModal<LightboxModalProps>('lightbox');
export const callbackModal = createModal<CallbackModalProps>('callback');
export const serviceModal = createModal<ServiceModalProps>('service');
export const imageModal = createModal<ImageModalProps>('image');
export const videoModal = createModal<VideoModalProps>('video');
export const cityModal = createModal('city');
export const recurrentPaymentModal = createModal('recurrentPayment');
export const cancelSubscriptionModal = createModal('cancelSubscription');
export const successModal = createModal('success');
export const unsuccessModal = createModal('unsuccess');
/** «Ваши данные»: download or delete the account's data (152-FZ). */
export const accountDataModal = createModal('accountData');
