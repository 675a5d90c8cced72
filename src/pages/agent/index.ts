export { AgentPage } from './ui/agent-page';
export { $agentSort, $agentShowSold, agentSortChosen, agentShowSoldToggled, agentViewRestored, $liraDataVersion } from './model';
