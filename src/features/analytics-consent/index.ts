export { ConsentBanner } from './ui/consent-banner';
export { ConsentSettingsLink } from './ui/consent-settings-link';
