export { useTopProfile, useSaveTopProfile, profileFromPreset } from './api/top-profile';
export type { TopProfile } from './api/top-profile';
