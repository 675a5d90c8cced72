export { ServiceCard, MortgageTopics, ExpertGuides, CustomerReviews, LegalFooter, LEGAL_DOCUMENTS } from './ui/sections';
