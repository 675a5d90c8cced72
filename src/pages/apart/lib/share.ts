// The page shares through the app's one share helper (shared/lib), as compare does.
export { shareLink } from '@/shared/lib';
