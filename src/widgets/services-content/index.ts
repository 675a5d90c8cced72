export { ServiceCard, ServicesSection, MortgageTopics, ExpertGuides, CustomerReviews } from './ui/sections';
export { ServiceHero } from './ui/service-hero';
export { ServicesUnavailable } from './ui/services-unavailable';
