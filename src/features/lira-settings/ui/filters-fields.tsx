import { HOUSING_LABELS, REALTY_LABELS, RENOVATION_LABELS, ROOM_KEYS, ROOM_LABELS, type LiraForm } from '@/entities/lira-profile';
import { isAnyDeadline } from '@kvarta/contract/lira-rules';
import { MoneyInput } from '@/shared/ui';
import { Picker } from '@/entities/city';
import { usePlaces } from './use-places';

type Change = (patch: Partial<LiraForm>) => void;

const numberOrNull = (text: string): number | null => {
  const n = Number(text.replace(/\s/g, ''));
  return text.trim() === '' || !Number.isFinite(n) ? null : n;
};

/** City label, districts and metro (spec §2 "Filters form") of the form's city; the site's city when it has none. */
export function LocationFields({ value, onChange }: { value: LiraForm; onChange: Change }) {
  const { city, hasMetro, areaOptions, metroOptions } = usePlaces(value.cityIds[0]);
  return (
    <>
      <p className="kv-settings__city">Город: {city?.title ?? '…'}</p>
      <Picker label="Районы" options={areaOptions} selected={value.areaIds} onChange={(areaIds) => onChange({ areaIds })} />
      {hasMetro && (
        <Picker label="Метро" options={metroOptions} selected={value.metroIds} onChange={(metroIds) => onChange({ metroIds })} />
      )}
    </>
  );
}

/** Price minimum/maximum and room-count checkboxes. */
export function BudgetFields({ value, onChange }: { value: LiraForm; onChange: Change }) {
  const [min, max] = value.priceMinMax;
  return (
    <>
      <fieldset className="kv-lira-row">
        <legend>Бюджет, ₽</legend>
        <label className="kv-field">
          <span>от</span>
          <MoneyInput aria-label="Цена от" value={min || null} onChange={(next) => onChange({ priceMinMax: [next ?? 0, max] })} />
        </label>
        <label className="kv-field">
          <span>до</span>
          <MoneyInput aria-label="Цена до" value={max || null} onChange={(next) => onChange({ priceMinMax: [min, next ?? 0] })} />
        </label>
      </fieldset>
      <fieldset className="kv-lira-rooms">
        <legend>Комнаты</legend>
        {ROOM_KEYS.map((key) => (
          <label key={key} className={`kv-chip${value.roomsAmount.includes(key) ? ' is-on' : ''}`}>
            <input
              type="checkbox"
              className="kv-visually-hidden"
              checked={value.roomsAmount.includes(key)}
              onChange={() =>
                onChange({
                  roomsAmount: value.roomsAmount.includes(key)
                    ? value.roomsAmount.filter((k) => k !== key)
                    : ROOM_KEYS.filter((k) => k === key || value.roomsAmount.includes(k)),
                })
              }
            />
            {ROOM_LABELS[key]}
          </label>
        ))}
      </fieldset>
    </>
  );
}

/** One of the form's choices as a row of radio chips: `name` is the form's field it sets. */
function Radios<K extends 'realtyType' | 'housingType' | 'renovationType'>({
  legend,
  name,
  labels,
  value,
  onChange,
}: {
  legend: string;
  name: K;
  labels: Record<LiraForm[K], string>;
  value: LiraForm[K];
  onChange: Change;
}) {
  return (
    <fieldset className="kv-lira-radios">
      <legend>{legend}</legend>
      {(Object.keys(labels) as LiraForm[K][]).map((key) => (
        <label key={key} className={`kv-chip${value === key ? ' is-on' : ''}`}>
          <input
            type="radio"
            className="kv-visually-hidden"
            name={name}
            checked={value === key}
            onChange={() => onChange({ [name]: key })}
          />
          {labels[key]}
        </label>
      ))}
    </fieldset>
  );
}

/** Completion deadlines: 'any' or the end of one of the next years (year×10+quarter). */
function deadlineOptions(now = new Date()): Array<[number, string]> {
  const year = now.getFullYear();
  return [[0, 'Любой'], ...[0, 1, 2, 3].map((i): [number, string] => [(year + i) * 10 + 4, `До конца ${year + i} года`])];
}

const AREA_FIELDS = [
  ['areaTotalMin', 'Площадь от, м²'],
  ['areaKitchenMin', 'Кухня от, м²'],
] as const;

/** Areas, deadline and the type radios. */
export function MoreFields({ value, onChange }: { value: LiraForm; onChange: Change }) {
  const options = deadlineOptions();
  const known = options.some(([v]) => v === value.deadlineLte) || isAnyDeadline(value.deadlineLte);
  return (
    <>
      <div className="kv-lira-row">
        {AREA_FIELDS.map(([field, label]) => (
          <label key={field} className="kv-field">
            <span>{label}</span>
            <input
              className="kv-input"
              inputMode="decimal"
              value={value[field] ?? ''}
              onChange={(e) => onChange({ [field]: numberOrNull(e.target.value) })}
            />
          </label>
        ))}
      </div>
      <label className="kv-field">
        <span>Срок сдачи</span>
        <select
          className="kv-input"
          value={isAnyDeadline(value.deadlineLte) ? 0 : value.deadlineLte}
          onChange={(e) => onChange({ deadlineLte: Number(e.target.value) })}
        >
          {options.map(([v, label]) => (
            <option key={v} value={v}>
              {label}
            </option>
          ))}
          {!known && (
            <option value={value.deadlineLte}>{`До ${value.deadlineLte % 10} кв. ${Math.floor(value.deadlineLte / 10)} года`}</option>
          )}
        </select>
      </label>
      <Radios legend="Тип жилья" name="realtyType" labels={REALTY_LABELS} value={value.realtyType} onChange={onChange} />
      <Radios legend="Вид недвижимости" name="housingType" labels={HOUSING_LABELS} value={value.housingType} onChange={onChange} />
      <Radios legend="Отделка" name="renovationType" labels={RENOVATION_LABELS} value={value.renovationType} onChange={onChange} />
    </>
  );
}

/** Spec §5-ish sanity of the budget: both bounds set and min ≤ max. */
export function budgetError(form: LiraForm): string | null {
  const [min, max] = form.priceMinMax;
  if (!min || !max) return 'Укажите бюджет';
  if (min > max) return 'Цена «от» больше цены «до»';
  if (max > 200_000_000) return 'Цена не больше 200 000 000 ₽';
  return null;
}
