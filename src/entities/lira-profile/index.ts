export type {
  LiraStatus,
  LiraForm,
  LiraProfile,
  LiraProfilePayload,
  ExtensionForm,
  ExtensionPayload,
  WishImportance,
  MortgageInfoForm,
} from './model/types';
export { ROOM_KEYS, ROOM_LABELS, REALTY_LABELS, HOUSING_LABELS, RENOVATION_LABELS, WISH_IMPORTANCES, WISH_LABELS } from './model/types';
export {
  formToPayload,
  payloadToForm,
  formFromPreset,
  emptyForm,
  importanceToWire,
  importanceFromWire,
  roomsToCounts,
  countsToRooms,
} from './lib/form';
export {
  extensionToPayload,
  extensionFromServer,
  resetExtensionForPreset,
  pruneExtension,
  sameExtension,
  adjacentRooms,
} from './lib/extension';
export {
  LIRA_STATUS_LABELS,
  STARTING_CAPTION,
  subscriptionCaption,
  subscriptionPanel,
  infoBlockFor,
  isLaunched,
  isSwitchable,
  statusOnLoad,
  statusAfterStart,
  statusAfterToggle,
  statusAfterCancel,
  statusButtonAction,
} from './lib/status';
export {
  createLiraProfile,
  checkLiraFilters,
  liraKeys,
  nextLiraPage,
  liraVariantsQuery,
  liraMapQuery,
  liraSidebarQuery,
} from './api/requests';
export { liraTextsQuery } from './api/texts';
export {
  liraLoadRequested,
  liraRefreshRequested,
  liraStatusRefreshRequested,
  liraReset,
  messengerConnectionKnown,
  fetchLiraProfileFx,
  fetchAiPresetsFx,
  loadLiraFx,
  refreshStatusFx,
  $liraStatus,
  $liraProfile,
  $profileInitialised,
  $profileLoadFailed,
  $messengerConnected,
} from './model/load';
export { $liraForm, $extension, $savedExtension, updateProfileFx, saveExtensionFx } from './model/form';
export {
  selectionStartRequested,
  subscriptionCancelConfirmed,
  selectionStarted,
  variantsReloadRequired,
  putStatusFx,
  deleteSubscriptionFx,
  startSelectionFx,
  cancelSubscriptionFx,
} from './model/status';
export { portraitsQuery, wishGroupsQuery } from './api/catalog';
export type { Portrait } from '@kvarta/contract/catalog';
