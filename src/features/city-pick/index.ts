import { lazyComponent } from '@/shared/ui';
export { CityButton, useCityChoice } from './ui/city-button';
export const CityPickerModal = lazyComponent(() => import('./ui/city-picker-modal'), 'CityPickerModal');
