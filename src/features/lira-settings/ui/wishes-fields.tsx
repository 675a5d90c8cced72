import { useQuery } from '@tanstack/react-query';
import { WISH_IMPORTANCES, WISH_LABELS, wishGroupsQuery, type LiraForm } from '@/entities/lira-profile';

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
            <div className="kv-lira-segments" role="radiogroup" aria-label={group.title}>
              {WISH_IMPORTANCES.map((importance) => (
                <button
                  key={importance}
                  type="button"
                  role="radio"
                  aria-checked={current === importance}
                  className={`kv-lira-segment${current === importance ? ' is-on' : ''}`}
                  onClick={() => onChange({ wishes: { ...value.wishes, [group.code]: importance } })}
                >
                  {WISH_LABELS[importance]}
                </button>
              ))}
            </div>
          </fieldset>
        );
      })}
    </div>
  );
}
