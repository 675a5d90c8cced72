import type { CloudPaymentsOptions } from '@kvarta/contract/subscription';
import { loadScript } from '@/shared/outside';

/** What CloudPayments' widget script puts on window (the fake on the stand-in offers the same). */
interface CloudPaymentsWidget {
  pay(type: 'charge', options: CloudPaymentsOptions, callbacks: { onSuccess?: () => void; onFail?: (reason: string) => void }): unknown;
}
type WidgetWindow = Window & { cp?: { CloudPayments: new () => CloudPaymentsWidget } };

/** The user closed the form: not a failure, the modal simply stays. */
export const WIDGET_CANCELLED = 'User has cancelled';

/** Opens the card form; resolves 'paid', 'failed' (with the bank's reason) or 'cancelled'. */
export async function payByCard(
  scriptUrl: string,
  options: CloudPaymentsOptions,
): Promise<{ outcome: 'paid' | 'failed' | 'cancelled'; reason?: string }> {
  // The widget script is loaded once, only when a card payment starts (never on page load).
  await loadScript(scriptUrl).catch(() => {
    throw new Error('Не удалось загрузить платёжную форму. Проверьте соединение и попробуйте ещё раз');
  });
  const cp = (window as WidgetWindow).cp;
  if (!cp) throw new Error('Платёжная форма недоступна');
  return new Promise((resolve) => {
    new cp.CloudPayments().pay('charge', options, {
      onSuccess: () => resolve({ outcome: 'paid' }),
      onFail: (reason) => resolve(reason === WIDGET_CANCELLED ? { outcome: 'cancelled' } : { outcome: 'failed', reason }),
    });
  });
}
