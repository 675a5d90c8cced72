import { defineConfig } from 'vite';
import { createViteConfig } from './vite.shared';

// The public website: dist/web, served at '/'.
export default defineConfig(createViteConfig('web'));
