export { LexsSettings } from './ui/lexs-settings';
