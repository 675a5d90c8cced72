// The page's flows: resubscribe, the bot started again, and reading the lists again after a change (no exports).
import './reload';

export { $liraSort, $liraShowSold, liraSortChosen, liraShowSoldToggled, liraViewRestored } from './view';
export { LiraPageGate, LiraQueryGate, type LiraQuery } from './route';
