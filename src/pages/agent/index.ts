export { AgentPage } from './ui';
