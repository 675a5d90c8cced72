import { useQuery } from '@tanstack/react-query';
import { useUnit } from 'effector-react';
import { useEffect, useId, type FormEvent } from 'react';
import { $currentCityKladr, cityListQuery } from '@/entities/city';
import { LEGAL_DOCS } from '@/shared/config/legal';
import { callbackModal, modalClosed } from '@/shared/model';
import { Modal } from '@/shared/ui';
import {
  $errorMessage,
  $formData,
  $submissionStatus,
  $successMessage,
  callbackFormChanged,
  callbackReset,
  callbackSubmitted,
} from '../model/callback';
import './callback.css';

const DEFAULT_TITLE = 'Обратный звонок';

/**
 * The manager callback modal (spec §2): name, phone, consent checkbox, submit, retry. Opened by
 * `callbackModal.opened({ extraField, title? })`.
 */
export function CallbackModal() {
  const [props, close, form, status, success, error, change, submit, reset, kladr] = useUnit([
    callbackModal.$props,
    modalClosed,
    $formData,
    $submissionStatus,
    $successMessage,
    $errorMessage,
    callbackFormChanged,
    callbackSubmitted,
    callbackReset,
    $currentCityKladr,
  ]);
  const cities = useQuery(cityListQuery());
  const ids = { name: useId(), phone: useId(), agreed: useId(), error: useId() };
  // A new modal starts clean (whatever an earlier one left), and closing it forgets the form.
  useEffect(() => {
    reset();
    return () => reset();
  }, [reset]);
  const extraField = props?.extraField ?? '';
  const title = props?.title || DEFAULT_TITLE;
  const submitting = status === 'submitting';

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
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
        <form className="kv-callback" data-testid="callback-modal" onSubmit={onSubmit} aria-busy={submitting}>
          <p className="kv-muted kv-callback__lead">Оставьте имя и телефон — менеджер перезвонит и ответит на вопросы.</p>
          <div className="kv-field">
            <label htmlFor={ids.name}>Имя</label>
            <input
              id={ids.name}
              className="kv-input"
              name="name"
              autoComplete="name"
              required
              maxLength={100}
              value={form.name}
              disabled={submitting}
              onChange={(e) => change({ name: e.target.value })}
            />
          </div>
          <div className="kv-field">
            <label htmlFor={ids.phone}>Телефон</label>
            <input
              id={ids.phone}
              className="kv-input"
              name="phone"
              type="tel"
              inputMode="tel"
              autoComplete="tel"
              placeholder="+7 900 000-00-00"
              required
              maxLength={40}
              value={form.phone}
              disabled={submitting}
              aria-invalid={status === 'error' || undefined}
              aria-describedby={error ? ids.error : undefined}
              onChange={(e) => change({ phone: e.target.value })}
            />
          </div>
          <label className="kv-callback__consent" htmlFor={ids.agreed}>
            <input
              id={ids.agreed}
              type="checkbox"
              name="agreed"
              required
              checked={form.agreed}
              disabled={submitting}
              onChange={(e) => change({ agreed: e.target.checked })}
            />
            <span>
              Я согласен на{' '}
              <a href={LEGAL_DOCS.personalDataPolicy.href} target="_blank" rel="noopener">
                обработку персональных данных
              </a>
            </span>
          </label>
          {status === 'error' && error && (
            <p id={ids.error} className="kv-error-text" role="alert">
              {error}
            </p>
          )}
          <button type="submit" className="kv-button kv-button--primary kv-button--wide" disabled={submitting}>
            {submitting ? 'Отправляем…' : status === 'error' ? 'Повторить' : 'Жду звонка'}
          </button>
        </form>
      )}
    </Modal>
  );
}
