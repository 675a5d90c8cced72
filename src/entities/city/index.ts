export { cityListQuery } from './api/city-query';
export { mergeAreaGroups } from './lib/merge-areas';
export { areaListQuery, metroListQuery } from './api/area-metro-queries';
export { $currentCityKladr, citySelected, cityChangedElsewhere, cityRestored, saveCityFx, savedCityFound } from './model/current-city';
export { Picker, AreaPicker, MetroPicker, useAreaOptions, useMetroOptions } from './ui/location-pickers';
export { useCityGeography } from './api/use-city-geography';
export { areaOptions, AREA_GROUP_ORDER, SUBURBS_GROUP } from './lib/area-options';
