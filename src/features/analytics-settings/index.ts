export { AnalyticsSettings } from './ui/analytics-settings';
export { useAnalyticsCity, CityListUnavailable } from './model/use-analytics-city';
