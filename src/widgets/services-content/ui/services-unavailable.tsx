import { loadErrorText } from '@/shared/api';
import { InlineError } from '@/shared/ui';

/** The services could not be fetched: the reason and «Повторить» (or a loading line while trying again). */
export function ServicesUnavailable({ query }: { query: { isError: boolean; error: unknown; refetch: () => unknown } }) {
  if (!query.isError)
    return (
      <p className="kv-page-loading" role="status">
        Загрузка…
      </p>
    );
  return <InlineError text={loadErrorText('услуги', query.error)} onRetry={() => void query.refetch()} />;
}
