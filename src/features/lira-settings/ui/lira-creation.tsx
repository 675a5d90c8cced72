import './lira.css';
import { useMutation } from '@tanstack/react-query';
import { useUnit } from 'effector-react';
import { useEffect, useState } from 'react';
import { $liraForm, $profileInitialised, checkLiraFilters, formToPayload, startSelectionFx, type LiraForm } from '@/entities/lira-profile';
import { createProfileFx, profileCreationSubmitted, startTrialFx } from '../model';
import { drawerBotMessageRequested } from '@/shared/model';
import { errorMessage } from '@/shared/api';
import { ErrorText, useClosingConfirmation, useMainButton, useSecondaryButton, useWriteAccessRequest } from '@/shared/ui';
import { BudgetFields, LocationFields, budgetError } from './filters-fields';
import { PortraitsField, applyPortrait } from './portraits-field';
import { WishesFields } from './wishes-fields';
import { TrialTerms } from './trial-terms';
import { SentenceFields } from './sentence-fields';
import { usePlaces } from './use-places';

const STEPS = 5;
/** The drawer's bot message for each moment of the setup (texts in widgets/assistant-drawer, overridable by the server). */
type MessageId = 'presets' | 'location' | 'budget' | 'wishes' | 'check' | 'badFiltersConfirm' | 'trialInfo';
const STEP_MESSAGES: readonly MessageId[] = ['presets', 'location', 'budget', 'wishes'];
const PHASE_MESSAGES: Record<'check' | 'bad' | 'trial', MessageId> = { check: 'check', bad: 'badFiltersConfirm', trial: 'trialInfo' };

/**
 * LIRA_CREATION: the 5-step guided chat — portrait, location, budget and rooms, wishes, check — then the trial.
 * The form starts from the loaded profile's defaults (the city's preset), so it waits for the profile to load.
 */
export function LiraCreation() {
  const ready = useUnit($profileInitialised);
  if (!ready)
    return (
      <p className="kv-muted" role="status" data-testid="lira-creation-loading">
        Загружаем…
      </p>
    );
  return <CreationFlow />;
}

function CreationFlow() {
  const [initial, submit, creating, trialing, starting, say] = useUnit([
    $liraForm,
    profileCreationSubmitted,
    createProfileFx.pending,
    startTrialFx.pending,
    startSelectionFx.pending,
    drawerBotMessageRequested,
  ]);
  const [form, setForm] = useState<LiraForm>(initial);
  const askWriteAccess = useWriteAccessRequest();
  // The buyer starts AI search: the agent will want to write to them, so Telegram asks them now (once).
  const start = () => {
    submit(form);
    askWriteAccess();
  };
  const [step, setStep] = useState(1);
  const [phase, setPhase] = useState<'check' | 'bad' | 'trial'>('check');
  const change = (patch: Partial<LiraForm>) => setForm((f) => ({ ...f, ...patch }));
  const { hasMetro } = usePlaces(form.cityIds[0]);
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
  const message = step < 5 ? STEP_MESSAGES[step - 1]! : PHASE_MESSAGES[phase];
  useEffect(() => void say({ viewId: 'LIRA_CREATION', messageId: message }), [message, say]);
  // Inside Telegram each step's forward action is its MainButton and the way back its SecondaryButton; the first
  // step moves on by picking a portrait, so it has none. Past the first step there is something to lose on closing.
  const primary =
    step > 1 && step < 5
      ? { text: 'Далее', onClick: () => go(step + 1), disabled: budgetProblem !== null }
      : step === 5 && phase === 'check'
        ? { text: 'Далее', onClick: () => undefined, progress: true }
        : step === 5 && phase === 'bad'
          ? { text: 'Всё равно продолжить', onClick: () => setPhase('trial') }
          : step === 5 && phase === 'trial'
            ? { text: 'Бесплатно на три дня', onClick: start, progress: busy }
            : { text: '', onClick: () => undefined, visible: false };
  const native = useMainButton({ ...primary, layer: 'overlay' });
  const back =
    step === 5 && phase === 'bad' ? { text: 'Изменить фильтры', onClick: () => go(2) } : { text: 'Назад', onClick: () => go(step - 1) };
  const nativeBack = useSecondaryButton({ ...back, visible: step > 1 && !busy, layer: 'overlay' });
  useClosingConfirmation(step > 1);
  return (
    <div className="kv-lira-flow" data-testid="lira-creation">
      <p className="kv-lira-step" aria-live="polite">
        Шаг {step} из {STEPS}
      </p>
      {step === 1 && <PortraitsField value={form} onPick={(p) => (setForm((f) => applyPortrait(f, p)), go(2))} />}
      {step === 2 && (
        <>
          <SentenceFields value={form} hasMetro={hasMetro} onChange={setForm} />
          <LocationFields value={form} onChange={change} />
        </>
      )}
      {step === 3 && <BudgetFields value={form} onChange={change} />}
      {step === 4 && <WishesFields value={form} onChange={change} />}
      {step === 5 && phase === 'check' && (
        <p className="kv-muted" role="status">
          {check.isError ? errorMessage(check.error) : 'Проверяем…'}
        </p>
      )}
      {step === 5 && phase === 'bad' && !(native && nativeBack) && (
        <div className="kv-lira-actions">
          <button type="button" className="kv-button" onClick={() => go(2)}>
            Изменить фильтры
          </button>
          <button type="button" className="kv-button kv-button--primary" onClick={() => setPhase('trial')}>
            Всё равно продолжить
          </button>
        </div>
      )}
      {step === 5 && phase === 'trial' && (
        <div className="kv-lira-trial">
          <p className="kv-lira-trial__badge">3 дня бесплатно</p>
          <TrialTerms />
          {!native && (
            <button type="button" className="kv-button kv-button--primary kv-button--wide" disabled={busy} aria-busy={busy} onClick={start}>
              {busy ? 'Запускаем…' : 'Бесплатно на три дня'}
            </button>
          )}
        </div>
      )}
      <ErrorText text={budgetProblem} />
      <div className="kv-lira-nav">
        {step > 1 && !busy && !nativeBack && (
          <button type="button" className="kv-button" onClick={() => go(step - 1)}>
            Назад
          </button>
        )}
        {step > 1 && step < 5 && !native && (
          <button type="button" className="kv-button kv-button--primary" disabled={budgetProblem !== null} onClick={() => go(step + 1)}>
            Далее
          </button>
        )}
        {step === 1 && (
          <button type="button" className="kv-button" onClick={() => go(2)}>
            Пропустить
          </button>
        )}
      </div>
    </div>
  );
}
