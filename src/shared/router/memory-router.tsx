import { useState, type ReactNode } from 'react';
import { createMemoryHistory } from './history';
import { RouterProvider } from './provider';
import { createRouter } from './router';

/** Components that link or read the location, rendered outside the app's route table (component tests). */
export function MemoryRouter({ initialPath = '/', children }: { initialPath?: string; children: ReactNode }) {
  const [router] = useState(() => createRouter([], createMemoryHistory(initialPath)));
  return <RouterProvider router={router} layout={children} />;
}
