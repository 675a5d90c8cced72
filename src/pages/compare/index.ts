export { ComparePage } from './ui/compare-page';
