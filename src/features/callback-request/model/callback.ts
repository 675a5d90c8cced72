import { createEffect, createEvent, createStore, sample } from 'effector';
import { api } from '@/shared/api';
import type { CallbackRequestBody } from '@/shared/api';
import { notificationShown } from '@/shared/model';
import { goalReachedFx } from '@/shared/outside';
import { callbackFailureText } from '../lib/failure-text';

/** Spec §4 "Callback submission": idle → submitting → success | error. */
export type SubmissionStatus = 'idle' | 'submitting' | 'success' | 'error';

/** Spec §3 "Callback form": the values name, phone and the consent checkbox. */
export interface CallbackFormValues {
  name: string;
  phone: string;
  agreed: boolean;
}

/** What the page knows about the request: its city, its address and what it is about. */
export interface CallbackContext {
  cityName: string;
  refererUrl: string;
  extraField: string;
}

export const INITIAL_FORM: CallbackFormValues = { name: '', phone: '', agreed: false };

/** A field changed: merged into formData (spec §3 "formData (merged partial object)"). */
export const callbackFormChanged = createEvent<Partial<CallbackFormValues>>();
export const callbackSubmitted = createEvent<CallbackContext>();
/** Back to the initial state (the modal closed, or "send another"). */
export const callbackReset = createEvent();

export const sendCallbackFx = createEffect((body: CallbackRequestBody) => api.call('callbackSale', { body }));

export const $formData = createStore<CallbackFormValues>(INITIAL_FORM)
  .on(callbackFormChanged, (form, change) => ({ ...form, ...change }))
  .reset(callbackReset);

export const $submissionStatus = createStore<SubmissionStatus>('idle')
  .on(sendCallbackFx, () => 'submitting')
  .reset(callbackReset);

// A request answers only the form that sent it: once the modal was closed (reset to idle) mid-submit, its late answer
// must not turn the next, fresh form into 'Готово' or an error.
const answered = sample({
  clock: sendCallbackFx.doneData,
  source: $submissionStatus,
  filter: (status) => status === 'submitting',
  fn: (_, response) => response,
});
const refused = sample({
  clock: sendCallbackFx.failData,
  source: $submissionStatus,
  filter: (status) => status === 'submitting',
  fn: (_, error) => error,
});
$submissionStatus.on(answered, () => 'success').on(refused, () => 'error');

/** The server's answer on success (spec §7: the field read is message). */
export const $successMessage = createStore<string | null>(null)
  .on(answered, (_, response) => response.message)
  .reset([callbackReset, sendCallbackFx]);

/** The server's message on failure; the entered values stay. */
export const $errorMessage = createStore<string | null>(null)
  .on(refused, (_, error) => callbackFailureText(error))
  .reset([callbackReset, sendCallbackFx]);

// A second submit while one is in flight is ignored; a finished form (success) is not sent again either.
sample({
  clock: callbackSubmitted,
  source: { form: $formData, status: $submissionStatus },
  filter: ({ status }) => status !== 'submitting' && status !== 'success',
  fn: ({ form }, context): CallbackRequestBody => ({
    userName: form.name.trim(),
    phone: form.phone.trim(),
    // The form checks consent before submitting (lib/validate.ts); the server refuses a request without it too.
    agreed: form.agreed as true,
    cityName: context.cityName,
    refererUrl: context.refererUrl,
    extraField: context.extraField,
  }),
  target: sendCallbackFx,
});

// Spec §8 "Callback send failure": the server message as an error toast — the one place it is said (the form keeps its
// values and offers «Повторить»; a refusal of the whole request is not a fault of the phone field).
sample({
  clock: sendCallbackFx.failData,
  fn: (error) => ({ text: callbackFailureText(error), type: 'error' as const }),
  target: notificationShown,
});

// Analytics goal: a call-back request accepted.
sample({ clock: sendCallbackFx.done, fn: () => 'callback_sent' as const, target: goalReachedFx });
