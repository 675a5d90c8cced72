import { useQuery } from '@tanstack/react-query';
import { useUnit } from 'effector-react';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { $currentCityKladr, cityListQuery } from '@/entities/city';
import { LEGAL_DOCS } from '@/shared/config/legal';
import { callbackModal, modalClosed } from '@/shared/model';
import { Modal } from '@/shared/ui';
import { formatRussianPhone } from '../lib/phone-mask';
import { validateCallbackForm, type CallbackFieldErrors } from '../lib/validate';
import { $formData, $submissionStatus, $successMessage, callbackFormChanged, callbackReset, callbackSubmitted } from '../model/callback';
import './callback.css';

const DEFAULT_TITLE = 'Обратный звонок';
const DEFAULT_LEAD = 'Оставьте имя и телефон — менеджер перезвонит и ответит на вопросы.';
const DEFAULT_SUBMIT = 'Жду звонка';

/**
 * The manager callback modal (spec §2): name, phone, consent checkbox, submit, retry. Opened by
 * `callbackModal.opened({ extraField, title?, lead?, submitText? })`. The form checks itself before sending and says
 * what is wrong under the field (our words, not the browser's bubbles: `noValidate`); a refusal by the server is the
 * toast of spec §8, said once and pinned on no field.
 */
export function CallbackModal() {
  const [props, close, form, status, success, change, submit, reset, kladr] = useUnit([
    callbackModal.$props,
    modalClosed,
    $formData,
    $submissionStatus,
    $successMessage,
    callbackFormChanged,
    callbackSubmitted,
    callbackReset,
    $currentCityKladr,
  ]);
  const cities = useQuery(cityListQuery());
  const ids = { name: useId(), phone: useId(), agreed: useId() };
  const fields = { name: useRef<HTMLInputElement>(null), phone: useRef<HTMLInputElement>(null), agreed: useRef<HTMLInputElement>(null) };
  const [errors, setErrors] = useState<CallbackFieldErrors>({});
  // A new modal starts clean (whatever an earlier one left), and closing it forgets the form.
  useEffect(() => {
    reset();
    return () => reset();
  }, [reset]);
  const extraField = props?.extraField ?? '';
  const title = props?.title || DEFAULT_TITLE;
  const submitting = status === 'submitting';
  // Once a field was called wrong, it is checked again as it changes, so the message leaves as soon as it is fixed.
  const edit = (update: Partial<typeof form>) => {
    change(update);
    const keys = Object.keys(update) as Array<keyof CallbackFieldErrors>;
    if (keys.some((key) => errors[key])) {
      const now = validateCallbackForm({ ...form, ...update });
      setErrors((before) => Object.fromEntries(Object.keys(before).map((key) => [key, now[key as keyof CallbackFieldErrors]])));
    }
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found = validateCallbackForm(form);
    setErrors(found);
    const firstWrong = (['name', 'phone', 'agreed'] as const).find((key) => found[key]);
    if (firstWrong) {
      fields[firstWrong].current?.focus();
      return;
    }
    const city = cities.data?.find((c) => c.kladr === kladr);
    submit({ cityName: city?.title ?? '', refererUrl: window.location.href, extraField });
  };

  return (
    <Modal title={title} onClose={close} narrow>
      {status === 'success' ? (
        <div className="kv-callback kv-callback--done" data-testid="callback-modal">
          <div className="kv-callback__done-mark" aria-hidden="true">
            ✓
          </div>
          <p role="status" className="kv-callback__success">
            {success}
          </p>
          <button type="button" className="kv-button kv-button--primary kv-button--wide" onClick={close}>
            Готово
          </button>
        </div>
      ) : (
        <form className="kv-callback" data-testid="callback-modal" onSubmit={onSubmit} aria-busy={submitting} noValidate>
          <p className="kv-muted kv-callback__lead">{props?.lead || DEFAULT_LEAD}</p>
          <div className="kv-field">
            <label htmlFor={ids.name}>Имя</label>
            <input
              id={ids.name}
              ref={fields.name}
              className="kv-input"
              name="name"
              autoComplete="name"
              required
              maxLength={100}
              value={form.name}
              disabled={submitting}
              aria-invalid={errors.name ? true : undefined}
              aria-describedby={errors.name ? `${ids.name}-error` : undefined}
              onChange={(e) => edit({ name: e.target.value })}
            />
            <FieldError id={`${ids.name}-error`} text={errors.name} />
          </div>
          <div className="kv-field">
            <label htmlFor={ids.phone}>Телефон</label>
            <input
              id={ids.phone}
              ref={fields.phone}
              className="kv-input"
              name="phone"
              type="tel"
              inputMode="tel"
              autoComplete="tel"
              placeholder="+7 (900) 000-00-00"
              required
              maxLength={40}
              value={form.phone}
              disabled={submitting}
              aria-invalid={errors.phone ? true : undefined}
              aria-describedby={errors.phone ? `${ids.phone}-error` : undefined}
              onChange={(e) => edit({ phone: formatRussianPhone(e.target.value) })}
            />
            <FieldError id={`${ids.phone}-error`} text={errors.phone} />
          </div>
          <label className="kv-callback__consent" htmlFor={ids.agreed}>
            <input
              id={ids.agreed}
              ref={fields.agreed}
              type="checkbox"
              name="agreed"
              required
              checked={form.agreed}
              disabled={submitting}
              aria-invalid={errors.agreed ? true : undefined}
              aria-describedby={errors.agreed ? `${ids.agreed}-error` : undefined}
              onChange={(e) => edit({ agreed: e.target.checked })}
            />
            <span>
              Я согласен на{' '}
              <a href={LEGAL_DOCS.personalDataPolicy.href} target="_blank" rel="noopener">
                обработку персональных данных
              </a>
            </span>
          </label>
          <FieldError id={`${ids.agreed}-error`} text={errors.agreed} />
          <button type="submit" className="kv-button kv-button--primary kv-button--wide" disabled={submitting}>
            {submitting ? 'Отправляем…' : status === 'error' ? 'Повторить' : props?.submitText || DEFAULT_SUBMIT}
          </button>
        </form>
      )}
    </Modal>
  );
}

/** A field's own message, read out when it appears. */
function FieldError({ id, text }: { id: string; text: string | undefined }) {
  if (!text) return null;
  return (
    <p id={id} className="kv-error-text kv-callback__field-error" role="alert">
      {text}
    </p>
  );
}
