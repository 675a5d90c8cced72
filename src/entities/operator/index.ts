export { SiteFooter, PaymentOperatorNote, OperatorContacts } from './ui/operator-details';
export { operatorQuery } from './api/operator-query';
