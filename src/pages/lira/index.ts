export { LiraPage } from './ui/lira-page';
export { $liraSort, $liraShowSold, liraSortChosen, liraShowSoldToggled, liraViewRestored, LiraPageGate, LiraQueryGate } from './model';
export type { LiraQuery } from './model';
