export { RecommendationRulesPage } from './ui';
