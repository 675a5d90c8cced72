export { WISH_GROUPS } from './wish-groups';
export { PORTRAITS } from './portraits';
export { buildPresets, FIRST_PRESET_WISHES } from './presets';
export { SERVICES, SERVICES_COMMON } from './services';
export { FAQ } from './faq';
