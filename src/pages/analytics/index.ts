export { AnalyticsPage } from './ui';
