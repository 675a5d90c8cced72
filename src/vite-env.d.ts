/// <reference types="vite/client" />

/** 'web' or 'miniapp', set by the Vite config of the build. */
declare const __BUILD_TARGET__: 'web' | 'miniapp';

interface ImportMetaEnv {
  /** Overrides of the API bases (default: same origin). */
  readonly VITE_API_BASE?: string;
  readonly VITE_PASSPORT_BASE?: string;
  readonly VITE_BOT_API_BASE?: string;
}
