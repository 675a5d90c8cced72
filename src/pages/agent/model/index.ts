// The page's flows: resubscribe, the bot started again, and reading the lists again after a change (no exports).
import './reload';

export { $agentSort, $agentShowSold, agentSortChosen, agentShowSoldToggled, agentViewRestored } from './view';
export { AgentPageGate, AgentQueryGate, type AgentQuery } from './route';
