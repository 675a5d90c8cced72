import { allSettled, fork } from 'effector';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  $errorMessage,
  $fieldErrors,
  $focusedField,
  $formData,
  $submissionStatus,
  $successMessage,
  INITIAL_FORM,
  callbackFormChanged,
  callbackReset,
  callbackSubmitted,
  sendCallbackFx,
} from '@/features/callback-request/model/callback';
import { ApiError } from '@/shared/api';
import type { CallbackRequestBody, CallbackResponse } from '@/shared/api';
import { $notifications } from '@/shared/model';

const context = { cityName: 'Москва', refererUrl: 'http://localhost/services', extraField: 'Услуга: Ипотека' };
const accepted: CallbackResponse = { message: 'Заявка принята. Менеджер перезвонит вам в ближайшее время.', id: 7 };

/** A request the test answers when it wants: the form stays "in flight" until then. */
function deferred() {
  let resolve!: (value: CallbackResponse) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<CallbackResponse>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

async function filled(handler: (body: CallbackRequestBody) => Promise<CallbackResponse>) {
  const scope = fork({ handlers: [[sendCallbackFx, handler]] });
  await allSettled(callbackFormChanged, { scope, params: { name: ' Иван ' } });
  await allSettled(callbackFormChanged, { scope, params: { phone: '8 912 345-67-89', agreed: true } });
  return scope;
}

describe('callback request model (spec §4 Callback submission)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('merges field changes into formData', async () => {
    const scope = await filled(async () => accepted);
    expect(scope.getState($formData)).toEqual({ name: ' Иван ', phone: '8 912 345-67-89', agreed: true });
    expect(scope.getState($submissionStatus)).toBe('idle');
  });

  it('idle → submitting → success, sending the spec body and keeping the server message', async () => {
    const request = deferred();
    const sent: CallbackRequestBody[] = [];
    const scope = await filled((body) => (sent.push(body), request.promise));
    void allSettled(callbackSubmitted, { scope, params: context });
    await vi.advanceTimersByTimeAsync(0);
    expect(scope.getState($submissionStatus)).toBe('submitting');
    expect(sent).toEqual([{ userName: 'Иван', phone: '8 912 345-67-89', agreed: true, ...context }]);
    request.resolve(accepted);
    await vi.advanceTimersByTimeAsync(0);
    expect(scope.getState($submissionStatus)).toBe('success');
    expect(scope.getState($successMessage)).toBe(accepted.message);
    expect(scope.getState($notifications)).toEqual([]);
  });

  it('ignores a second submit while one is in flight', async () => {
    const request = deferred();
    const handler = vi.fn(() => request.promise);
    const scope = await filled(handler);
    void allSettled(callbackSubmitted, { scope, params: context });
    void allSettled(callbackSubmitted, { scope, params: context });
    await vi.advanceTimersByTimeAsync(0);
    void allSettled(callbackSubmitted, { scope, params: context });
    await vi.advanceTimersByTimeAsync(0);
    expect(handler).toHaveBeenCalledTimes(1);
    request.resolve(accepted);
    await vi.advanceTimersByTimeAsync(0);
    expect(scope.getState($submissionStatus)).toBe('success');
    // A sent form is not sent again by another click.
    void allSettled(callbackSubmitted, { scope, params: context });
    await vi.advanceTimersByTimeAsync(0);
    expect(handler).toHaveBeenCalledTimes(1);
  });

  it('on failure: status error, the server message as an error toast, the entered values stay; a retry can succeed', async () => {
    const answers = [
      () => Promise.reject(new ApiError('Введите российский номер телефона: +7 XXX XXX-XX-XX или 8 XXX XXX-XX-XX', 400)),
      () => Promise.resolve(accepted),
    ];
    const scope = await filled(() => answers.shift()!());
    void allSettled(callbackSubmitted, { scope, params: context });
    await vi.advanceTimersByTimeAsync(0);
    expect(scope.getState($submissionStatus)).toBe('error');
    expect(scope.getState($errorMessage)).toMatch(/^Введите российский номер/);
    expect(scope.getState($notifications)).toEqual([expect.objectContaining({ type: 'error', text: scope.getState($errorMessage) })]);
    expect(scope.getState($formData)).toEqual({ name: ' Иван ', phone: '8 912 345-67-89', agreed: true });

    void allSettled(callbackSubmitted, { scope, params: context });
    await vi.advanceTimersByTimeAsync(0);
    expect(scope.getState($submissionStatus)).toBe('success');
    expect(scope.getState($errorMessage)).toBeNull();
  });

  it('reset returns to the initial state', async () => {
    const scope = await filled(async () => accepted);
    void allSettled(callbackSubmitted, { scope, params: context });
    await vi.advanceTimersByTimeAsync(0);
    expect(scope.getState($submissionStatus)).toBe('success');
    await allSettled(callbackReset, { scope });
    expect(scope.getState($submissionStatus)).toBe('idle');
    expect(scope.getState($formData)).toEqual(INITIAL_FORM);
    expect(scope.getState($successMessage)).toBeNull();
    expect(scope.getState($errorMessage)).toBeNull();
  });

  it("a 429 says when to try again, from the envelope's retryAfterSeconds, in one toast", async () => {
    const scope = await filled(() =>
      Promise.reject(new ApiError('Слишком много заявок. Попробуйте ещё раз через 3 мин.', 429, { retryAfterSeconds: 125 })),
    );
    void allSettled(callbackSubmitted, { scope, params: context });
    await vi.advanceTimersByTimeAsync(0);
    expect(scope.getState($submissionStatus)).toBe('error');
    expect(scope.getState($errorMessage)).toBe('Слишком много заявок. Попробуйте ещё раз через 3 мин.');
    expect(scope.getState($notifications)).toEqual([
      expect.objectContaining({ type: 'error', text: 'Слишком много заявок. Попробуйте ещё раз через 3 мин.' }),
    ]);
  });

  it("a 429 without a wait (a proxy answered) asks to try later, not in the proxy's words", async () => {
    const scope = await filled(() => Promise.reject(new ApiError('Too Many Requests', 429)));
    void allSettled(callbackSubmitted, { scope, params: context });
    await vi.advanceTimersByTimeAsync(0);
    expect(scope.getState($errorMessage)).toBe('Слишком много заявок. Попробуйте ещё раз позже.');
  });

  it('closing the modal mid-submit: the late answer does not turn the next, fresh form into success or error', async () => {
    const first = deferred();
    const second = deferred();
    const answers = [first.promise, second.promise];
    const scope = await filled(() => answers.shift()!);
    void allSettled(callbackSubmitted, { scope, params: context });
    await vi.advanceTimersByTimeAsync(0);
    expect(scope.getState($submissionStatus)).toBe('submitting');
    // Not awaited: allSettled would wait for the request in flight.
    void allSettled(callbackReset, { scope });
    first.resolve(accepted);
    await vi.advanceTimersByTimeAsync(0);
    expect(scope.getState($submissionStatus)).toBe('idle');
    expect(scope.getState($successMessage)).toBeNull();

    // Same for a late failure after a reset.
    await allSettled(callbackFormChanged, { scope, params: { name: 'Иван', phone: '8 912 345-67-89', agreed: true } });
    void allSettled(callbackSubmitted, { scope, params: context });
    await vi.advanceTimersByTimeAsync(0);
    expect(scope.getState($submissionStatus)).toBe('submitting');
    void allSettled(callbackReset, { scope });
    second.reject(new ApiError('Сервис недоступен', 503));
    await vi.advanceTimersByTimeAsync(0);
    expect(scope.getState($submissionStatus)).toBe('idle');
    expect(scope.getState($errorMessage)).toBeNull();
  });

  it('a wrong form is not sent: its errors (the contract’s words) are the model’s, the focus goes to the first, a fix clears its own', async () => {
    const sent: CallbackRequestBody[] = [];
    const scope = fork({ handlers: [[sendCallbackFx, async (body: CallbackRequestBody) => (sent.push(body), accepted)]] });
    await allSettled(callbackFormChanged, { scope, params: { name: 'Иван', phone: '+7 (912) 34' } });
    await allSettled(callbackSubmitted, { scope, params: context });
    expect(sent).toEqual([]);
    expect(scope.getState($fieldErrors)).toEqual({
      phone: 'Введите российский номер телефона: +7 XXX XXX-XX-XX или 8 XXX XXX-XX-XX',
      agreed: 'Нужно согласие на обработку персональных данных',
    });
    expect(scope.getState($focusedField)).toEqual({ field: 'phone' });
    await allSettled(callbackFormChanged, { scope, params: { phone: '+7 (912) 345-67-89' } });
    expect(scope.getState($fieldErrors)).toEqual({ agreed: 'Нужно согласие на обработку персональных данных' });
    await allSettled(callbackFormChanged, { scope, params: { agreed: true } });
    await allSettled(callbackSubmitted, { scope, params: context });
    expect(scope.getState($fieldErrors)).toEqual({});
    expect(sent.map((body) => body.phone)).toEqual(['+7 (912) 345-67-89']);
  });
});
