export { cityListQuery, cityKeys } from './api/city-query';
export { mergeAreaGroups } from './lib/merge-areas';
export { areaListQuery, metroListQuery } from './api/area-metro-queries';
export {
  $currentCityKladr, citySelected, cityChangedElsewhere, cityRestored, readSavedCityFx, saveCityFx, resetModifiedPriceFx,
} from './model/current-city';
export { Picker, AreaPicker, MetroPicker, useAreaOptions, useMetroOptions } from './ui/location-pickers';
export type { PickerOption } from './ui/location-pickers';
