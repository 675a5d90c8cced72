export { $notifications, notificationShown, notificationDismissed, failureToasts } from './notifications';
export { $modal, modalOpened, modalClosed, MODAL_IDS, createModal } from './modals';
export type { ModalId } from './modals';
export type { CallbackModalProps } from './modal-list';
export {
  advertModal,
  apartmentModal,
  lightboxModal,
  callbackModal,
  serviceModal,
  imageModal,
  videoModal,
  cityModal,
  recurrentPaymentModal,
  cancelSubscriptionModal,
  successModal,
  unsuccessModal,
  accountDataModal,
} from './modal-list';
export { $customTitle, customTitleSet, customTitleCleared } from './title';
export {
  $drawer,
  drawerViewRequested,
  drawerClosed,
  drawerCloseRequested,
  drawerBotMessageRequested,
  drawerSidebarRequested,
} from './drawer';
export type { DrawerView } from './drawer';
export { $viewportWidthHint, VIEWPORT_HINT_WIDTH } from './viewport-hint';
export { serverDataChanged } from './server-data';
