export { ConsentBannerHost } from './ui/consent-banner-host';
export { ConsentSettingsLink } from './ui/consent-settings-link';
