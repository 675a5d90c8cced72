import type { PaymentMethod, PromocodeCheckResponse, SubscriptionPeriod } from '@kvarta/contract/subscription';
import { formatMoney } from '@kvarta/contract/format';
import { renewingNote } from './verify';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** What a period costs over a month (30 days), rounded to the hundred roubles or the ten Stars. */
export function monthly(amount: number, days: number): number {
  const perMonth = (amount * 30) / days;
  const step = perMonth >= 1_000 ? 100 : 10;
  return Math.round(perMonth / step) * step;
}

/** A period shorter than a month renews more often than monthly: its price per month, said beside its own. */
function monthlyNote(amount: number, days: number, currency: 'RUB' | 'XTR'): string {
  return days < 30 ? ` (≈ ${formatMoney(monthly(amount, days), currency)} в месяц)` : '';
}

/** The period shown chosen: the buyer's, else the month, else the first on the list. */
export const shownDays = (chosen: number | null, periods: readonly SubscriptionPeriod[]): number =>
  chosen ?? periods.find((p) => p.days === 30)?.days ?? periods[0]?.days ?? 30;

export interface PaymentInput {
  periods: readonly SubscriptionPeriod[];
  days: number;
  method: PaymentMethod;
  email: string;
  checked: PromocodeCheckResponse | null;
  renewing: PaymentMethod | null;
}

/** Everything the payment modal says and allows, from what the buyer chose: the arithmetic lives here, not in the view. */
export function paymentTerms({ periods, days, method, email, checked, renewing }: PaymentInput) {
  const period = periods.find((p) => p.days === days) ?? periods[0];
  const grantsDays = Boolean(checked?.valid && (checked.kind === 'DAYS' || checked.kind === 'TRIAL'));
  const currency = method === 'stars' ? ('XTR' as const) : ('RUB' as const);
  const priceOf = (p: SubscriptionPeriod) => (method === 'stars' ? p.stars : p.price);
  const full = period ? priceOf(period) : 0;
  // A percent promocode: the server's check names the discounted price in both currencies.
  const discounted = checked?.valid && checked.kind === 'PERCENT' ? (method === 'stars' ? checked.stars : checked.price) : null;
  const price = discounted ?? full;
  const renews = period ? method === 'card' || period.starsRenew : false;
  // While another subscription renews, a period that would renew too is not sold: said instead of the price terms.
  const renewingBlocks = grantsDays ? null : renewingNote(renewing, renews);
  const emailMissing = method === 'card' && !EMAIL.test(email.trim());
  return {
    period,
    grantsDays,
    currency,
    priceOf,
    price,
    renewingBlocks,
    emailMissing,
    // Said only once something is typed: an empty field is explained by the disabled button and its label.
    emailWrong: emailMissing && email.trim() !== '',
    // No price before the periods have come: «Оплатить · 0 ⭐» would be a price the buyer never pays.
    payText: period ? `Оплатить · ${formatMoney(price, currency)}` : 'Оплатить',
    // Why «Оплатить» waits, said under it (the wrong-address case has its own message at the field).
    payWaits: !grantsDays && method === 'card' && email.trim() === '' ? 'Чтобы оплатить, введите e-mail для чека' : null,
    terms:
      period && !renewingBlocks
        ? renews
          ? `Автопродление: ${formatMoney(full, currency)} каждые ${period.days} дн.${monthlyNote(full, period.days, currency)} Отключается в любой момент в «Подписке», доступ останется до конца оплаченного срока.`
          : `Разовый платёж на ${period.title}: без автопродления.`
        : null,
  };
}

/**
 * Telegram's MainButton in the payment modal: until the periods (and so the price) have come it keeps a spinner, taking
 * over the one of the form that opened the modal, and names no price; then the price; then the spinner again while the
 * payment opens. One steady state per phase: no «Оплатить · 0 ⭐», no spinner blinking off and on between them.
 */
export function payButtonState({
  pricesLoading,
  paying,
  text,
  blocked,
}: {
  pricesLoading: boolean;
  paying: boolean;
  text: string;
  blocked: boolean;
}): { text: string; progress: boolean; disabled: boolean } {
  if (pricesLoading) return { text: 'Оплатить', progress: true, disabled: true };
  return { text, progress: paying, disabled: blocked };
}
