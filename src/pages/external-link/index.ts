export { ExternalLinkPage } from './ui';
export { leaveFx } from './model';
