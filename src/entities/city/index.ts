export { cityListQuery, cityKeys } from './api/city-query';
export { mergeAreaGroups } from './lib/merge-areas';
export {
  $currentCityKladr, citySelected, cityChangedElsewhere, cityRestored, readSavedCityFx, saveCityFx, resetModifiedPriceFx,
} from './model/current-city';
