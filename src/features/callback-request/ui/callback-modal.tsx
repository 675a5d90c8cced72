import { useQuery } from '@tanstack/react-query';
import { useUnit } from 'effector-react';
import { useEffect, useId, useRef, type FormEvent, type ReactNode, type Ref } from 'react';
import type { NativeInputProps, NativeUi } from '@platform';
import { $currentCityKladr, cityListQuery } from '@/entities/city';
import { consentPath } from '@kvarta/contract/routes';
import { Link } from 'react-router-dom';
import { callbackModal, modalClosed } from '@/shared/model';
import { Modal, useNativeUi } from '@/shared/ui';
import { formatRussianPhone } from '../lib/phone-mask';
import {
  $fieldErrors,
  $focusedField,
  $formData,
  $submissionStatus,
  $successMessage,
  callbackFormChanged,
  callbackReset,
  callbackSubmitted,
} from '../model/callback';
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
  const [props, close, form, status, success, change, submit, reset, kladr, errors, focused] = useUnit([
    callbackModal.$props,
    modalClosed,
    $formData,
    $submissionStatus,
    $successMessage,
    callbackFormChanged,
    callbackSubmitted,
    callbackReset,
    $currentCityKladr,
    $fieldErrors,
    $focusedField,
  ]);
  const cities = useQuery(cityListQuery());
  const ids = { name: useId(), phone: useId(), agreed: useId() };
  const fields = { name: useRef<HTMLInputElement>(null), phone: useRef<HTMLInputElement>(null), agreed: useRef<HTMLInputElement>(null) };
  // A new modal starts clean (whatever an earlier one left), and closing it forgets the form.
  useEffect(() => {
    reset();
    return () => reset();
  }, [reset]);
  const extraField = props?.extraField ?? '';
  const title = props?.title || DEFAULT_TITLE;
  const submitting = status === 'submitting';
  const submitText = submitting ? 'Отправляем…' : status === 'error' ? 'Повторить' : props?.submitText || DEFAULT_SUBMIT;
  // Inside Telegram the fields and the button are Telegram's own; the form, its checks and its words are the same.
  const ui = useNativeUi();
  // The model checks the form (the contract's schema) and names the first wrong field: the focus goes there.
  const focusRefs = useRef(fields);
  focusRefs.current = fields;
  useEffect(() => {
    if (focused) focusRefs.current[focused.field].current?.focus();
  }, [focused]);

  // What the name and phone fields have alike: their id, ref, value and message, by the form's field.
  const textField = (field: 'name' | 'phone') => ({
    ui,
    id: ids[field],
    inputRef: fields[field],
    name: field,
    value: form[field],
    disabled: submitting,
    error: errors[field],
  });

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
        <form className="kv-callback" data-testid="callback-modal" onSubmit={onSubmit} aria-busy={submitting} noValidate>
          <p className="kv-muted kv-callback__lead">{props?.lead || DEFAULT_LEAD}</p>
          <Fields ui={ui}>
            <TextField {...textField('name')} label="Имя" autoComplete="name" maxLength={100} onChange={(name) => change({ name })} />
            <TextField
              {...textField('phone')}
              label="Телефон"
              type="tel"
              inputMode="tel"
              autoComplete="tel"
              placeholder="+7 (900) 000-00-00"
              maxLength={40}
              onChange={(phone) => change({ phone: formatRussianPhone(phone) })}
            />
          </Fields>
          <Consent
            ui={ui}
            id={ids.agreed}
            inputRef={fields.agreed}
            checked={form.agreed}
            disabled={submitting}
            error={errors.agreed}
            onChange={(agreed) => change({ agreed })}
          />
          {ui ? (
            <ui.Root>
              <ui.Button submit disabled={submitting}>
                {submitText}
              </ui.Button>
            </ui.Root>
          ) : (
            <button type="submit" className="kv-button kv-button--primary kv-button--wide" disabled={submitting}>
              {submitText}
            </button>
          )}
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

/** The name and phone fields: one of Telegram's sections inside Telegram, as they are on the website. */
function Fields({ ui, children }: { ui: NativeUi | null; children: ReactNode }) {
  if (!ui) return <>{children}</>;
  return (
    <ui.Root>
      <ui.Section>{children}</ui.Section>
    </ui.Root>
  );
}

/**
 * The call-back consent, a document of its own (contract/consent-texts.ts), opened in a new tab so the form keeps what
 * was typed; ticking it is recorded with the text's version (server/callback).
 */
const CONSENT = (
  <span>
    Я согласен на{' '}
    <Link to={consentPath('callback')} target="_blank" rel="noopener">
      обработку персональных данных
    </Link>{' '}
    для обратного звонка
  </span>
);

interface ConsentProps {
  ui: NativeUi | null;
  id: string;
  inputRef: Ref<HTMLInputElement>;
  checked: boolean;
  disabled: boolean;
  error: string | undefined;
  onChange: (agreed: boolean) => void;
}

/** The personal-data consent: Telegram's checkbox row inside Telegram, the website's checkbox elsewhere. */
function Consent({ ui, id, inputRef, checked, disabled, error, onChange }: ConsentProps) {
  const errorId = error ? `${id}-error` : undefined;
  if (ui)
    return (
      <ui.Root>
        <ui.Checkbox
          id={id}
          inputRef={inputRef}
          name="agreed"
          required
          checked={checked}
          disabled={disabled}
          invalid={Boolean(error)}
          describedBy={errorId}
          onChange={onChange}
          label={CONSENT}
        />
        <FieldError id={`${id}-error`} text={error} />
      </ui.Root>
    );
  return (
    <>
      <label className="kv-callback__consent" htmlFor={id}>
        <input
          id={id}
          ref={inputRef}
          type="checkbox"
          name="agreed"
          required
          checked={checked}
          disabled={disabled}
          aria-invalid={error ? true : undefined}
          aria-describedby={errorId}
          onChange={(e) => onChange(e.target.checked)}
        />
        {CONSENT}
      </label>
      <FieldError id={`${id}-error`} text={error} />
    </>
  );
}

type TextFieldProps = Omit<NativeInputProps, 'status' | 'describedBy' | 'inputRef' | 'required' | 'id'> & {
  ui: NativeUi | null;
  id: string;
  inputRef: Ref<HTMLInputElement>;
  error: string | undefined;
};

/** A required text field with its label and, once called wrong, its message under it. */
function TextField({ ui, id, inputRef, label, error, onChange, ...field }: TextFieldProps) {
  const errorId = `${id}-error`;
  if (ui)
    return (
      <>
        <ui.Input
          {...field}
          id={id}
          inputRef={inputRef}
          label={label}
          required
          status={error ? 'error' : 'default'}
          describedBy={error ? errorId : undefined}
          onChange={onChange}
        />
        <FieldError id={errorId} text={error} />
      </>
    );
  return (
    <div className="kv-field">
      <label htmlFor={id}>{label}</label>
      <input
        {...field}
        id={id}
        ref={inputRef}
        className="kv-input"
        required
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        onChange={(e) => onChange(e.target.value)}
      />
      <FieldError id={errorId} text={error} />
    </div>
  );
}
