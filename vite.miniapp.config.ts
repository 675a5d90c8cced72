import { defineConfig } from 'vite';
import { createViteConfig } from './vite.shared';

// The Telegram Mini App: dist/miniapp, served at '/tma/'.
export default defineConfig(createViteConfig('miniapp'));
