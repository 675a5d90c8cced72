import { useUnit } from 'effector-react';
import { $extension, $liraForm, ROOM_KEYS, ROOM_LABELS, REALTY_LABELS, roomsToCounts, type ExtensionForm } from '@/entities/lira-profile';
import { $settingsSaveCount, extensionSaveFx, extensionSubmitted } from '../model';
import { Picker } from '@/entities/city';
import { isAnyDeadline } from '@kvarta/contract/lira-rules';
import { drawerCloseRequested } from '@/shared/model';
import { useClosingConfirmation, useMainButton, useSecondaryButton } from '@/shared/ui';
import { LiraCheck } from './lira-check';
import { useDraft } from './use-draft';
import { usePlaces } from './use-places';

/** LIRA_ALTERNATIVE 'Настройте поиск альтернатив': every field of the extension settings (spec §3). */
export function LiraAlternative() {
  const [saved, saveCount, form, submit, saving, close] = useUnit([
    $extension,
    $settingsSaveCount,
    $liraForm,
    extensionSubmitted,
    extensionSaveFx.pending,
    drawerCloseRequested,
  ]);
  // The profile's city, not the site's: its districts and metro.
  const { hasMetro, areaOptions, metroOptions } = usePlaces(form.cityIds[0]);
  const [ext, setExt, dirty] = useDraft<ExtensionForm>(saved, saveCount);
  const native = useMainButton({ text: 'Сохранить', onClick: () => submit(ext), progress: saving, layer: 'overlay' });
  useSecondaryButton({ text: 'Отмена', onClick: close, disabled: saving, layer: 'overlay' });
  useClosingConfirmation(dirty);
  const change = (patch: Partial<ExtensionForm>) => setExt((e) => ({ ...e, ...patch }));
  const mainRooms = roomsToCounts(form.roomsAmount);
  const opposite = form.realtyType === 'NEW' ? 'RESALE' : form.realtyType === 'RESALE' ? 'NEW' : null;
  const anyDeadline = isAnyDeadline(form.deadlineLte);
  const toggle = (key: keyof ExtensionForm, label: string, disabled = false, hint?: string) => (
    <LiraCheck label={label} hint={hint} checked={Boolean(ext[key])} disabled={disabled} onChange={(on) => change({ [key]: on })} />
  );
  return (
    <form
      className="kv-settings kv-lira-flow"
      noValidate
      onSubmit={(e) => (e.preventDefault(), submit(ext))}
      data-testid="lira-alternative"
    >
      {toggle('useExpertSelection', 'Экспертный подбор', false, '— эксперт добавит варианты вне фильтров')}
      <fieldset className="kv-lira-group">
        {toggle('extendLocation', 'Соседние районы и метро')}
        {ext.extendLocation && (
          <>
            <Picker
              label="Дополнительные районы"
              options={areaOptions.filter((o) => !form.areaIds.includes(o.id))}
              selected={ext.extendAreaIdsWith}
              onChange={(ids) => change({ extendAreaIdsWith: ids })}
            />
            {hasMetro && (
              <Picker
                label="Дополнительные станции метро"
                options={metroOptions.filter((o) => !form.metroIds.includes(o.id))}
                selected={ext.extendMetroIdsWith}
                onChange={(ids) => change({ extendMetroIdsWith: ids })}
              />
            )}
          </>
        )}
      </fieldset>
      <fieldset className="kv-lira-group">
        {toggle('extendPrice', 'Дороже бюджета')}
        {ext.extendPrice && (
          <label className="kv-field">
            <span>На сколько процентов</span>
            <input
              className="kv-input"
              inputMode="numeric"
              value={ext.extendPriceBy}
              onChange={(e) => change({ extendPriceBy: Math.max(0, Math.min(100, Number(e.target.value) || 0)) })}
            />
          </label>
        )}
      </fieldset>
      <fieldset className="kv-lira-group">
        {toggle('extendRoomsAmount', 'Другое количество комнат')}
        {ext.extendRoomsAmount && (
          <div className="kv-lira-rooms" role="group" aria-label="Дополнительные комнаты">
            {ROOM_KEYS.map((key, n) => (
              <label key={key} className={`kv-chip${ext.extendRoomsAmountWith.includes(n) ? ' is-on' : ''}`}>
                <input
                  type="checkbox"
                  className="kv-visually-hidden"
                  disabled={mainRooms.includes(n)}
                  checked={ext.extendRoomsAmountWith.includes(n)}
                  onChange={() =>
                    change({
                      extendRoomsAmountWith: ext.extendRoomsAmountWith.includes(n)
                        ? ext.extendRoomsAmountWith.filter((x) => x !== n)
                        : [...ext.extendRoomsAmountWith, n].sort(),
                    })
                  }
                />
                {ROOM_LABELS[key]}
              </label>
            ))}
          </div>
        )}
      </fieldset>
      {toggle('extendDeadline', 'Срок сдачи на 2 квартала позже', anyDeadline, anyDeadline ? '— срок сдачи не ограничен' : undefined)}
      {toggle(
        'extendRealtyType',
        opposite ? `Показывать также: ${REALTY_LABELS[opposite]}` : 'Другой тип жилья',
        opposite === null,
        opposite === null ? '— тип жилья не выбран' : undefined,
      )}
      {!native && (
        <div className="kv-lira-sticky">
          <button type="submit" className="kv-button kv-button--primary kv-button--wide" disabled={saving}>
            {saving ? 'Сохраняем…' : 'Сохранить'}
          </button>
        </div>
      )}
    </form>
  );
}
