export { AgentPage } from './ui/agent-page';
export {
  $agentSort,
  $agentShowSold,
  agentSortChosen,
  agentShowSoldToggled,
  agentViewRestored,
  AgentPageGate,
  AgentQueryGate,
} from './model';
export type { AgentQuery } from './model';
