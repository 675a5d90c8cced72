export { AnalyticsSettings } from './ui/analytics-settings';
export { useAnalyticsCity } from './model/use-analytics-city';
