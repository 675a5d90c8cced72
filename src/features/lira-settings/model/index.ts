export { liraSettingsOpened, $liraMainTab, type LiraMainTab } from './drawer';
export { profileCreationSubmitted, createProfileFx, startTrialFx } from './setup';
export {
  presetChosen,
  profileUpdateSubmitted,
  extensionSubmitted,
  presetChangeFx,
  $appliedPresetId,
  profileUpdateFx,
  extensionSaveFx,
  $settingsSaveCount,
} from './edit';
