export { cityListQuery, cityKeys } from './api/city-query';
export {
  $currentCityKladr, citySelected, cityChangedElsewhere, cityRestored, readSavedCityFx, saveCityFx, resetModifiedPriceFx,
} from './model/current-city';
