export { $compareIds, compareRestored, compareToggled, compareRemoved, compareReplaced } from './model/compare';
export { CompareToggle } from './ui/compare-toggle';
export { CompareBar } from './ui/compare-bar';
export { cleanIds, comparePath } from './lib/ids';
