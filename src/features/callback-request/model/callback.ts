import { createEffect, createEvent, createStore, sample } from 'effector';
import { callbackFormSchema, fieldErrors, type CallbackField as ContractField } from '@kvarta/contract/forms';
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

export type CallbackField = keyof CallbackFormValues;
export type CallbackFieldErrors = Partial<Record<CallbackField, string>>;
const FIELD_ORDER: readonly CallbackField[] = ['name', 'phone', 'agreed'];
const FORM_FIELD: Record<ContractField, CallbackField> = { userName: 'name', phone: 'phone', agreed: 'agreed' };

/** What is wrong with the form, by the contract's own schema (the server parses the request with it too). */
export function validateCallbackForm(form: CallbackFormValues): CallbackFieldErrors {
  const parsed = callbackFormSchema.safeParse({ userName: form.name, phone: form.phone, agreed: form.agreed });
  if (parsed.success) return {};
  const byContract = fieldErrors<ContractField>(parsed.error.issues);
  return Object.fromEntries(Object.entries(byContract).map(([field, message]) => [FORM_FIELD[field as ContractField], message]));
}

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

/** Each wrong field's message, said under it; a field once called wrong is checked again as it changes. */
export const $fieldErrors = createStore<CallbackFieldErrors>({}).reset(callbackReset);
/** The first wrong field of the last refused submit, for the form to move the focus to (a new object each time). */
export const $focusedField = createStore<{ field: CallbackField } | null>(null).reset(callbackReset);

const checked = sample({
  clock: callbackSubmitted,
  source: $formData,
  fn: (form, context) => ({ context, errors: validateCallbackForm(form) }),
});
$fieldErrors.on(checked, (_, { errors }) => errors);
$focusedField.on(checked, (focused, { errors }) => {
  const field = FIELD_ORDER.find((key) => errors[key]);
  return field ? { field } : focused;
});
sample({
  clock: callbackFormChanged,
  source: { form: $formData, errors: $fieldErrors },
  filter: ({ errors }, change) => Object.keys(change).some((key) => errors[key as CallbackField]),
  fn: ({ form, errors }) => {
    const now = validateCallbackForm(form);
    return Object.fromEntries(
      Object.keys(errors)
        .map((key) => [key, now[key as CallbackField]])
        .filter(([, m]) => m),
    ) as CallbackFieldErrors;
  },
  target: $fieldErrors,
});

// Sent only when the form is right; a second submit while one is in flight is ignored; a finished form (success) is
// not sent again either.
sample({
  clock: checked,
  source: { form: $formData, status: $submissionStatus },
  filter: ({ status }, { errors }) => Object.keys(errors).length === 0 && status !== 'submitting' && status !== 'success',
  fn: ({ form }, { context }): CallbackRequestBody => ({
    userName: form.name.trim(),
    phone: form.phone.trim(),
    // Checked above with the contract's schema; the server refuses a request without consent too.
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
