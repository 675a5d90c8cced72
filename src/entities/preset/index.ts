export { presetsQuery } from './api/queries';
