import { useQuery } from '@tanstack/react-query';
import { WISH_IMPORTANCES, WISH_LABELS, wishGroupsQuery, type LiraForm } from '@/entities/lira-profile';
import { RadioButtons } from '@/shared/ui';

/** Each wish group with its importance: 'Не важно / Желательно / Важно / Очень важно'. */
export function WishesFields({ value, onChange }: { value: LiraForm; onChange: (patch: Partial<LiraForm>) => void }) {
  const groups = useQuery(wishGroupsQuery());
  if (groups.isPending)
    return (
      <p className="kv-muted" role="status">
        Загружаем пожелания…
      </p>
    );
  if (groups.isError)
    return (
      <p className="kv-inline-error" role="alert">
        Не удалось загрузить пожелания
      </p>
    );
  return (
    <div className="kv-lira-wishes">
      {groups.data.map((group) => {
        const current = value.wishes[group.code] ?? 'NOT_IMPORTANT';
        return (
          <fieldset key={group.code} className="kv-lira-wish">
            <legend>{group.title}</legend>
            <small className="kv-muted">{group.description}</small>
            <RadioButtons
              label={group.title}
              options={WISH_IMPORTANCES}
              value={current}
              onChange={(importance) => onChange({ wishes: { ...value.wishes, [group.code]: importance } })}
              className="kv-lira-segments"
              itemClassName="kv-lira-segment"
            >
              {(importance) => WISH_LABELS[importance]}
            </RadioButtons>
          </fieldset>
        );
      })}
    </div>
  );
}
