import { attach, createEvent, createStore, sample } from 'effector';
import { checkPromocode, createSubscription } from '@/entities/subscription';
import { errorMessage } from '@/shared/api';
import { promocodeSchema } from '@kvarta/contract/forms';
import type { Payment, PaymentMethod, PromocodeCheckResponse } from '@kvarta/contract/subscription';
import { modalClosed } from '@/shared/model';
import { paymentReturned, subscriptionActivated } from './verify';

/**
 * How this build takes money: the method it sells with and how it opens the provider's form for a payment (resolves
 * false when the buyer closed it without paying, so the modal stays). Null: nothing to pay with here (a Mini App opened
 * outside Telegram's own client cannot show the Stars sheet).
 */
export interface PaymentChannel {
  method: PaymentMethod;
  open(payment: Payment): Promise<boolean>;
}

/** The recurrent payment modal opened: a fresh form, paid through this channel. */
export const paymentFormOpened = createEvent<PaymentChannel | null>();
export const periodChosen = createEvent<number>();
export const emailChanged = createEvent<string>();
export const codeChanged = createEvent<string>();
/** «Проверить»: the promocode for the period shown. */
export const promocodeCheckRequested = createEvent<{ days: number }>();
/** «Оплатить» (a valid percent promocode goes with it) or «Оформить по промокоду» (`byPromocode`). */
export const payPressed = createEvent<{ days: number; byPromocode: boolean }>();

export const $channel = createStore<PaymentChannel | null>(null, { serialize: 'ignore' }).on(paymentFormOpened, (_, channel) => channel);
export const $chosenDays = createStore<number | null>(null).on(periodChosen, (_, days) => days);
export const $email = createStore('').on(emailChanged, (_, email) => email);
export const $code = createStore('').on(codeChanged, (_, code) => code);

export const checkPromocodeFx = attach({
  source: $code,
  effect: (code, { days }: { days: number }): Promise<PromocodeCheckResponse> => checkPromocode(code.trim(), days),
});
/** The server's verdict on the promocode as typed for the period shown; forgotten when either changes. */
export const $checked = createStore<PromocodeCheckResponse | null>(null)
  .on(checkPromocodeFx.doneData, (_, checked) => checked)
  .reset([codeChanged, periodChosen]);
/** The promocode as typed, by the contract's schema (the server's routes parse it with the same one). */
const promocodeProblem = (code: string): string | null => {
  const parsed = promocodeSchema.safeParse(code);
  return parsed.success ? null : (parsed.error.issues[0]?.message ?? null);
};
const promocodeRefused = createEvent<string>();
export const $checkError = createStore<string | null>(null)
  .on(checkPromocodeFx.failData, (_, error) => errorMessage(error))
  .on(promocodeRefused, (_, message) => message)
  .reset([checkPromocodeFx, codeChanged, periodChosen]);

type Outcome = { kind: 'paid'; paymentId: string } | { kind: 'activated' } | { kind: 'stays' };

/** Subscribes; a payment opens the provider's form and settles only through the server, which verify then asks. */
export const subscribeFx = attach({
  source: { channel: $channel, email: $email, code: $code, checked: $checked },
  effect: async ({ channel, email, code, checked }, { days, byPromocode }: { days: number; byPromocode: boolean }): Promise<Outcome> => {
    if (!channel) return { kind: 'stays' };
    const promocode = byPromocode || checked?.valid ? code.trim() : null;
    const receipt = channel.method === 'card' && email.trim() ? { receiptEmail: email.trim() } : {};
    const answer = await createSubscription({ promocode, days, method: channel.method, ...receipt });
    if (answer.payment)
      return (await channel.open(answer.payment)) ? { kind: 'paid', paymentId: answer.payment.paymentId } : { kind: 'stays' };
    return answer.subscription ? { kind: 'activated' } : { kind: 'stays' };
  },
});
export const $payError = createStore<string | null>(null)
  .on(subscribeFx.failData, (_, error) => errorMessage(error))
  .reset(subscribeFx);
export const $busy = sample({
  source: [checkPromocodeFx.pending, subscribeFx.pending],
  fn: ([checking, subscribing]) => checking || subscribing,
});

$chosenDays.reset(paymentFormOpened);
$email.reset(paymentFormOpened);
$code.reset(paymentFormOpened);
$checked.reset(paymentFormOpened);
$checkError.reset(paymentFormOpened);
$payError.reset(paymentFormOpened);

// A second press while one is on its way is ignored.
const checkAsked = sample({
  clock: promocodeCheckRequested,
  source: { busy: $busy, code: $code },
  filter: ({ busy }) => !busy,
  fn: ({ code }, params) => ({ code, params }),
});
sample({
  clock: checkAsked,
  filter: ({ code }) => promocodeProblem(code) !== null,
  fn: ({ code }) => promocodeProblem(code)!,
  target: promocodeRefused,
});
sample({
  clock: checkAsked,
  filter: ({ code }) => promocodeProblem(code) === null,
  fn: ({ params }) => params,
  target: checkPromocodeFx,
});
sample({ clock: payPressed, source: $busy, filter: (busy) => !busy, fn: (_, params) => params, target: subscribeFx });

const paid = subscribeFx.doneData.filterMap((outcome) => (outcome.kind === 'paid' ? outcome.paymentId : undefined));
const activated = subscribeFx.doneData.filter({ fn: (outcome) => outcome.kind === 'activated' });
sample({ clock: [paid, activated], target: modalClosed });
sample({ clock: paid, target: paymentReturned });
sample({ clock: activated, target: subscriptionActivated });
