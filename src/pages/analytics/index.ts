export { AnalyticsPage } from './ui/analytics-page';
