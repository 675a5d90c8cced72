export { $notifications, notificationShown, notificationDismissed, DEFAULT_LIFETIME } from './notifications';
export type { AppNotification, NotificationRequest, NotificationType } from './notifications';
export { $modal, modalOpened, modalClosed, MODAL_IDS } from './modals';
export type { ModalId, ModalDelay, ModalState } from './modals';
export { $customTitle, customTitleSet, customTitleCleared } from './title';
