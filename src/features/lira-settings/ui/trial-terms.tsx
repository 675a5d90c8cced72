import { useQuery } from '@tanstack/react-query';
import { periodsQuery } from '@/entities/subscription';
import { formatMoney } from '@kvarta/contract/format';

/** Before the trial starts: what happens after three days, and what going on would cost. Nothing renews by itself. */
export function TrialTerms() {
  const periods = useQuery(periodsQuery());
  return (
    <p className="kv-muted kv-lira-trial__terms" data-testid="trial-terms">
      Через 3 дня поиск остановится сам — ничего не спишем, карта не нужна.
      {periods.data?.length
        ? ` Продолжить можно с подпиской: ${periods.data.map((p) => `${p.title} — ${formatMoney(p.price, 'RUB')}`).join(', ')}.`
        : null}
    </p>
  );
}
