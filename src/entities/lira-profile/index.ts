export type {
  LiraStatus, LiraForm, LiraProfile, LiraProfilePayload, LiraFilters, ExtensionForm, ExtensionPayload, WireImportance, RoomKey, RealtyType,
  HousingType, RenovationType, WishImportance,
} from './model/types';
export {
  LIRA_STATUSES, ROOM_KEYS, ROOM_LABELS, REALTY_LABELS, HOUSING_LABELS, RENOVATION_LABELS, WISH_IMPORTANCES, WISH_LABELS,
} from './model/types';
export {
  formToPayload, payloadToForm, formFromPreset, choosePreset, emptyForm, importanceToWire, importanceFromWire, roomsToCounts, countsToRooms,
  housingFromWire, renovationFromWire, DEADLINE_ANY, DEFAULT_PRICE_RANGE,
} from './lib/form';
export { extensionToPayload, extensionFromServer, resetExtensionForPreset, pruneExtension, sameExtension, adjacentRooms } from './lib/extension';
export {
  LIRA_STATUS_LABELS, STARTING_CAPTION, subscriptionCaption, subscriptionPanel, infoBlockFor, isLaunched, isSwitchable, statusOnLoad,
  statusAfterStart, statusAfterToggle, statusAfterCancel, statusButtonAction,
} from './lib/status';
export type { SubscriptionPanel, InfoBlock, StatusButtonAction } from './lib/status';
export {
  fetchLiraProfile, createLiraProfile, updateLiraProfile, saveLiraExtension, putLiraStatus, checkLiraFilters, sendLiraFeedback, liraKeys,
  nextLiraPage, liraVariantsQuery, liraMapQuery,
} from './api/requests';
export { liraTextsQuery, textOf, LIRA_TEXT_KEYS } from './api/texts';
export type { LiraTexts } from './api/texts';
export {
  SUBSCRIPTION_ERROR, liraLoadRequested, liraRefreshRequested, liraStatusRefreshRequested, liraReset, profileCreationSubmitted, selectionStartRequested, statusChangeRequested,
  subscriptionCancelConfirmed, statusButtonClicked, messengerConnectionKnown, presetChosen, profileUpdateSubmitted, extensionSubmitted,
  resubscribeRequired, variantsReloadRequired, selectionStarted, fetchLiraProfileFx, fetchAiPresetsFx, createProfileFx, updateProfileFx,
  saveExtensionFx, putStatusFx, startTrialFx, deleteSubscriptionFx, loadLiraFx, refreshStatusFx, trialOrStartFx, startSelectionFx, changeStatusFx, cancelSubscriptionFx,
  presetChangeFx, profileUpdateFx, extensionSaveFx, $liraStatus, $liraProfile, $liraForm, $extension, $savedExtension, $profileInitialised, $settingsSaveCount,
  $messengerConnected,
} from './model/lira';
export { portraitsQuery, wishGroupsQuery } from './api/catalog';
export type { Portrait, WishGroup } from '@/shared/api/contract/catalog';
