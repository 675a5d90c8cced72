import type { OperatorInfo } from '@kvarta/contract/operator';
import { formatMoney } from '@kvarta/contract/format';
import { operatorLines } from '../content/operator';
import { formatExpiredAt } from '@kvarta/contract/lira-rules';
import type { PaymentCurrency } from '@kvarta/contract/subscription';

/** What one paid period is called: the payment form, the cash receipt's item and the bot's receipt name it alike. */
export const paymentTitle = (days: number) => `ИИ Поиск «Кварты» на ${days} дн.`;

/** One successful charge as the buyer's receipt states it. */
export interface ReceiptFacts {
  title: string;
  amount: number;
  currency: PaymentCurrency;
  transactionId: string;
  paidAt: Date;
  /** When the paid period ends; null when the subscription could not be read. */
  paidUntil: Date | null;
  /** A renewal the provider charged by itself, not a payment the user just made. */
  renewal: boolean;
  /** Cards: where the cash register sends the fiscal receipt (54-ФЗ), when the buyer gave an address. */
  receiptEmail: string | null;
}

/**
 * The message the bot sends after a successful charge: what was paid, how much, when and until when, the payment's
 * number, and who sells (the operator's legal name, ИНН, ОГРН, address and support, as the footer and /help name them).
 */
export function receiptText(operator: OperatorInfo, facts: ReceiptFacts): string {
  const lines = [
    facts.renewal ? `Подписка продлена: ${facts.title}` : `Оплата получена: ${facts.title}`,
    `Сумма: ${formatMoney(facts.amount, facts.currency)}`,
    `Дата: ${formatExpiredAt(facts.paidAt)} (МСК)`,
    ...(facts.paidUntil ? [`Оплачено до: ${formatExpiredAt(facts.paidUntil)} (МСК)`] : []),
    `№ платежа: ${facts.transactionId}`,
  ];
  // Who sells, as the buyer must see it on a receipt: only what is configured is stated.
  const seller = operatorLines(operator);
  if (seller.length > 0) lines.push('', ...seller);
  if (facts.receiptEmail) lines.push('', `Кассовый чек отправлен на ${facts.receiptEmail}.`);
  return lines.join('\n');
}
