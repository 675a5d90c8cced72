export { AnalyticsDetailsPage } from './ui';
