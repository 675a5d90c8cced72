import { createContext, useContext, useEffect } from 'react';

/** What runs once the page (not only the shell around it) has been committed; see AppRouter. */
export const PageCommittedContext = createContext<(() => void) | undefined>(undefined);

/**
 * Sits inside the page's Suspense boundary, so its effect fires once the page itself has rendered — for a server-rendered
 * page, once the page has hydrated. React hydrates that boundary after the shell: an update to a store the page reads
 * arriving before then (the session starting, say) would make React hydrate the whole page synchronously, in one long
 * task. Rendered on the server too, so both trees have the same shape.
 */
export function PageCommitted() {
  const committed = useContext(PageCommittedContext);
  useEffect(() => {
    committed?.();
  }, [committed]);
  return null;
}
