export { AuthModal } from './ui/auth-modal';
export type { AuthType } from './ui/auth-modal';
