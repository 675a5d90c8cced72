export { TopSettings } from './ui/top-settings';
