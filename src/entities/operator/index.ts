export { SiteFooter, PaymentOperatorNote } from './ui/operator-details';
