import { useMutation, useQuery } from '@tanstack/react-query';
import { useUnit } from 'effector-react';
import { useEffect, useState } from 'react';
import { drawerBotMessageRequested, drawerCloseRequested } from '@/shared/model';
import { ErrorText, useClosingConfirmation, useHaptics, useMainButton, useSecondaryButton } from '@/shared/ui';
import { presetsQuery } from '@/entities/preset';
import { $liraForm, $liraStatus, checkLiraFilters, formToPayload, type LiraForm } from '@/entities/lira-profile';
import {
  $appliedPresetId,
  $settingsSaveCount,
  presetChangeFx,
  presetChosen,
  profileUpdateFx,
  profileUpdateSubmitted,
  $liraMainTab,
  type LiraMainTab,
} from '../model';
import { BudgetFields, LocationFields, MoreFields, budgetError } from './filters-fields';
import { MortgageFields, mortgageError } from './mortgage-fields';
import { PortraitsField, applyPortrait } from './portraits-field';
import { SentenceFields } from './sentence-fields';
import { useDraft } from './use-draft';
import { usePlaces } from './use-places';
import { WishesFields } from './wishes-fields';

const TABS: Array<[LiraMainTab, string]> = [
  ['filters', 'Фильтры'],
  ['portraits', 'Кто будет жить'],
  ['wishes', 'Пожелания'],
];

/** LIRA_MAIN: the profile's filters, portrait and wishes in tabs; submit checks the filters first, force submit skips that. */
export function LiraMain() {
  const [saved, saveCount, status, initialTab, submit, saving, choosePreset, presetSaving, say, close, appliedPreset] = useUnit([
    $liraForm,
    $settingsSaveCount,
    $liraStatus,
    $liraMainTab,
    profileUpdateSubmitted,
    profileUpdateFx.pending,
    presetChosen,
    presetChangeFx.pending,
    drawerBotMessageRequested,
    drawerCloseRequested,
    $appliedPresetId,
  ]);
  const [form, setForm, dirty] = useDraft<LiraForm>(saved, saveCount);
  // The profile's city, not the site's: its districts, metro and presets.
  const { kladr, hasMetro } = usePlaces(form.cityIds[0]);
  const presets = useQuery(presetsQuery('AI_AGENT', kladr));
  const [tab, setTab] = useState<LiraMainTab>(initialTab);
  const haptics = useHaptics();
  const [bad, setBad] = useState(false);
  useEffect(() => setTab(initialTab), [initialTab]);
  // Too few apartments: the bot asks in the drawer's message (spec §4 liraMainBadFilters); an edit takes it back.
  const [asked, setAsked] = useState(false);
  useEffect(() => {
    if (bad === asked) return;
    setAsked(bad);
    say({ viewId: 'LIRA_MAIN', messageId: bad ? 'badFilters' : null });
  }, [bad, asked, say]);
  const change = (patch: Partial<LiraForm>) => (setBad(false), setForm((f) => ({ ...f, ...patch })));
  const check = useMutation({
    mutationFn: (f: LiraForm) => checkLiraFilters(formToPayload(f)),
    onSuccess: (result, f) => (result.badFilters ? setBad(true) : submit(f)),
    onError: (_, f) => submit(f),
  });
  const problem = budgetError(form) ?? mortgageError(form);
  const busy = saving || check.isPending || presetSaving;
  // Spec §4: a preset applies only to a created and paid profile.
  const presetsEnabled = status !== 'NOT_CREATED' && status !== 'NOT_PAID';
  // Inside Telegram: «Сохранить» on its MainButton, «Отмена» (close without saving) on the SecondaryButton.
  const native = useMainButton({
    text: bad ? 'Всё равно сохранить' : 'Сохранить',
    onClick: () => (bad ? submit(form) : check.mutate(form)),
    disabled: problem !== null,
    progress: busy,
    layer: 'overlay',
  });
  useSecondaryButton({ text: 'Отмена', onClick: close, disabled: busy, layer: 'overlay' });
  useClosingConfirmation(dirty);
  return (
    <form
      className="kv-settings kv-lira-flow"
      noValidate
      onSubmit={(e) => (e.preventDefault(), check.mutate(form))}
      data-testid="lira-main"
    >
      <div className="kv-lira-tabs" role="tablist" aria-label="Настройки подбора">
        {TABS.map(([id, label]) => (
          <button
            key={id}
            type="button"
            role="tab"
            aria-selected={tab === id}
            className={`kv-lira-tab${tab === id ? ' is-on' : ''}`}
            onClick={() => id !== tab && (haptics.selection(), setTab(id))}
          >
            {label}
          </button>
        ))}
      </div>
      {tab === 'filters' && (
        <>
          {presetsEnabled && presets.data && presets.data.length > 0 && (
            <div className="kv-presets" role="group" aria-label="Подборки">
              {presets.data.map((p) => (
                <button
                  key={p.template.id}
                  type="button"
                  // The saved preset stays marked until another is saved: a pick that fails leaves it as it was.
                  className={`kv-chip${p.template.id === appliedPreset ? ' is-on' : ''}`}
                  aria-pressed={p.template.id === appliedPreset}
                  disabled={busy}
                  onClick={() => choosePreset({ preset: p, hasMetro })}
                >
                  {p.template.title}
                </button>
              ))}
            </div>
          )}
          <SentenceFields value={form} hasMetro={hasMetro} onChange={(next) => (setBad(false), setForm(() => next))} />
          <LocationFields value={form} onChange={change} />
          <BudgetFields value={form} onChange={change} />
          <MoreFields value={form} onChange={change} />
          <MortgageFields value={form} onChange={change} />
        </>
      )}
      {tab === 'portraits' && <PortraitsField value={form} onPick={(p) => setForm((f) => applyPortrait(f, p))} />}
      {tab === 'wishes' && <WishesFields value={form} onChange={change} />}
      <ErrorText text={problem} />
      {!native && (
        <div className="kv-lira-sticky">
          {bad ? (
            <button
              type="button"
              className="kv-button kv-button--primary kv-button--wide"
              disabled={busy || problem !== null}
              onClick={() => submit(form)}
            >
              Всё равно сохранить
            </button>
          ) : (
            <button type="submit" className="kv-button kv-button--primary kv-button--wide" disabled={busy || problem !== null}>
              {busy ? 'Сохраняем…' : 'Сохранить'}
            </button>
          )}
        </div>
      )}
    </form>
  );
}
