export { SiteFooter } from './ui/site-footer';
export { PaymentOperatorNote, OperatorContacts } from './ui/operator-details';
export { operatorQuery } from './api/operator-query';
