export { ServiceCard, MortgageTopics, ExpertGuides, CustomerReviews, LegalFooter } from './ui/sections';
