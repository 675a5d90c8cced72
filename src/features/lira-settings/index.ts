export { LiraCreation } from './ui/lira-creation';
export { LiraSwitch } from './ui/lira-switch';
export { LiraMain } from './ui/lira-main';
export { LiraAlternative } from './ui/lira-alternative';
export { SubscriptionInfo } from './ui/subscription-info';
export {
  liraSettingsOpened,
  $liraMainTab,
  profileCreationSubmitted,
  createProfileFx,
  startTrialFx,
  presetChosen,
  $appliedPresetId,
  profileUpdateSubmitted,
  extensionSubmitted,
} from './model';
