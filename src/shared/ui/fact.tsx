import type { ReactNode } from 'react';

/** One fact of a definition list (`.kv-facts` and the like): its term, then what it is. */
export function Fact({ term, children, className, testId }: { term: ReactNode; children: ReactNode; className?: string; testId?: string }) {
  return (
    <>
      <dt>{term}</dt>
      <dd className={className} data-testid={testId}>
        {children}
      </dd>
    </>
  );
}
