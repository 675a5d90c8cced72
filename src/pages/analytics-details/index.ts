export { AnalyticsDetailsPage } from './ui/analytics-details-page';
