import './lira.css';
import { useMutation } from '@tanstack/react-query';
import { useUnit } from 'effector-react';
import { useState } from 'react';
import {
  $liraForm, checkLiraFilters, createProfileFx, formToPayload, profileCreationSubmitted, startSelectionFx, startTrialFx, type LiraForm,
} from '@/entities/lira-profile';
import { chatClosed } from '@/entities/chat';
import { errorMessage } from '@/shared/api';
import { BotSays } from './bot-says';
import { BudgetFields, LocationFields, budgetError } from './filters-fields';
import { PortraitsField, applyPortrait } from './portraits-field';
import { WishesFields } from './wishes-fields';

const STEPS = 5;
/** Default bot texts of the guided setup (spec §4 "Chat panel"); the server may override each. */
const MESSAGES = {
  presets:
    'Привет, я ваш ИИ-агент! Ответьте на несколько вопросов, чтобы я точно понял, какую квартиру искать. Всего 5 шагов. Шаг 1: Кто будет жить в квартире?',
  location: 'Шаг 2: Где ищем? Выберите районы и метро — или оставьте пустым, чтобы искать по всему городу.',
  budget: 'Шаг 3: Какой бюджет и сколько комнат?',
  wishes: 'Для точного поиска укажите ваши пожелания: лучшие совпадения будут первыми, а для каждого я покажу в %, насколько квартира ему соответствует.',
  check: 'Ищем квартиры по вашему запросу...',
  badFiltersConfirm:
    'По вашему запросу мало квартир. Новые варианты появляются каждый день, и какие-то из них могут вам подойти. Вы уверены, что хотите продолжить?',
  trialInfo: 'Бесплатный доступ к ИИ Поиску на 3 дня, чтобы вы могли оценить сервис.',
};
type MessageId = keyof typeof MESSAGES;

/** LIRA_CREATION: the 5-step guided chat — portrait, location, budget and rooms, wishes, check — then the trial. */
export function LiraCreation() {
  const [initial, submit, close, creating, trialing, starting] = useUnit([$liraForm, profileCreationSubmitted, chatClosed, createProfileFx.pending, startTrialFx.pending, startSelectionFx.pending]);
  const [form, setForm] = useState<LiraForm>(initial);
  const [step, setStep] = useState(1);
  const [phase, setPhase] = useState<'check' | 'bad' | 'trial'>('check');
  const change = (patch: Partial<LiraForm>) => setForm((f) => ({ ...f, ...patch }));
  const check = useMutation({
    mutationFn: (f: LiraForm) => checkLiraFilters(formToPayload(f)),
    onSuccess: (result) => setPhase(result.badFilters ? 'bad' : 'trial'),
    onError: () => setPhase('trial'),
  });
  const go = (next: number) => {
    setStep(next);
    if (next === 5) {
      setPhase('check');
      check.mutate(form);
    }
  };
  const busy = creating || trialing || starting;
  const budgetProblem = step === 3 ? budgetError(form) : null;
  const message: MessageId = step === 1 ? 'presets' : step === 2 ? 'location' : step === 3 ? 'budget' : step === 4 ? 'wishes' : phase === 'check' ? 'check' : phase === 'bad' ? 'badFiltersConfirm' : 'trialInfo';
  return (
    <div className="kv-lira-flow" data-testid="lira-creation">
      <p className="kv-lira-step" aria-live="polite">Шаг {step} из {STEPS}</p>
      <BotSays key={message} text={MESSAGES[message]} textKey="liraCreation" field={message} />
      {step === 1 && <PortraitsField value={form} onPick={(p) => (setForm((f) => applyPortrait(f, p)), go(2))} />}
      {step === 2 && <LocationFields value={form} onChange={change} />}
      {step === 3 && <BudgetFields value={form} onChange={change} />}
      {step === 4 && <WishesFields value={form} onChange={change} />}
      {step === 5 && phase === 'check' && <p className="kv-muted" role="status">{check.isError ? errorMessage(check.error) : 'Проверяем…'}</p>}
      {step === 5 && phase === 'bad' && (
        <div className="kv-lira-actions">
          <button type="button" className="kv-button" onClick={() => go(2)}>Изменить фильтры</button>
          <button type="button" className="kv-button kv-button--primary" onClick={() => setPhase('trial')}>Всё равно продолжить</button>
        </div>
      )}
      {step === 5 && phase === 'trial' && (
        <div className="kv-lira-trial">
          <p className="kv-lira-trial__badge">3 дня бесплатно</p>
          <button type="button" className="kv-button kv-button--primary kv-button--wide" disabled={busy} aria-busy={busy} onClick={() => submit(form)}>
            {busy ? 'Запускаем…' : 'Бесплатно на три дня'}
          </button>
        </div>
      )}
      {budgetProblem && <p className="kv-error-text" role="alert">{budgetProblem}</p>}
      <div className="kv-lira-nav">
        {step > 1 && !busy && <button type="button" className="kv-button" onClick={() => go(step - 1)}>Назад</button>}
        {step > 1 && step < 5 && (
          <button type="button" className="kv-button kv-button--primary" disabled={budgetProblem !== null} onClick={() => go(step + 1)}>Далее</button>
        )}
        {step === 1 && <button type="button" className="kv-button" onClick={() => go(2)}>Пропустить</button>}
        <button type="button" className="kv-button kv-lira-nav__close" onClick={close}>Закрыть</button>
      </div>
    </div>
  );
}
