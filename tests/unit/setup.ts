import { afterEach, vi } from 'vitest';
import { cleanup } from '@testing-library/react';

// The files of a worker share one page (vitest.config.ts): each test leaves it as it found it.
afterEach(() => {
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});
