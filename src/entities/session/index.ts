export { $isAnonymous } from './model/session';
