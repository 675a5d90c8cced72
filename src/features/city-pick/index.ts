export { CityButton } from './ui/city-button';
export { CityPickerModal } from './ui/city-picker-modal';
