import { errorMessage } from '@/shared/api';
import { InlineError } from '@/shared/ui';
import { useId, type ReactNode, type Ref } from 'react';

/** One titled block of the page; the heading labels the region for screen readers. */
export function Section({
  title,
  children,
  testId,
  className,
  ref,
}: {
  title: string;
  children: ReactNode;
  testId?: string;
  className?: string;
  ref?: Ref<HTMLElement>;
}) {
  const id = useId();
  return (
    <section ref={ref} className={`kv-apart-section${className ? ` ${className}` : ''}`} aria-labelledby={id} data-testid={testId}>
      <h2 id={id} className="kv-apart-section__title">
        {title}
      </h2>
      {children}
    </section>
  );
}

/** A loading line inside a section: grey bars instead of a jump when the data arrives. */
export function SectionSkeleton({ lines = 3 }: { lines?: number }) {
  return (
    <div className="kv-apart-skeleton" aria-busy="true" role="status" aria-label="Загрузка">
      {Array.from({ length: lines }, (_, i) => (
        <span key={i} className="kv-skeleton kv-apart-skeleton__line" />
      ))}
    </div>
  );
}

/** A section's failed query, once it has failed: «Не удалось загрузить `what`: why», with «Повторить». */
export function SectionError({ what, query }: { what: string; query: { isError: boolean; error: unknown; refetch: () => unknown } }) {
  if (!query.isError) return null;
  return (
    <InlineError
      text={`Не удалось загрузить ${what}: ${errorMessage(query.error)}`}
      onRetry={() => void query.refetch()}
      className="kv-apart-error"
    />
  );
}
