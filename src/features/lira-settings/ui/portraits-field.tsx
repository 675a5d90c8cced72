import { useQuery } from '@tanstack/react-query';
import { useHaptics } from '@/shared/ui';
import { countsToRooms, portraitsQuery, type LiraForm, type Portrait, type WishImportance } from '@/entities/lira-profile';

/** A portrait brings its usual rooms and wishes (the user can change both in the next steps). */
export function applyPortrait(form: LiraForm, portrait: Portrait): LiraForm {
  const wishes: Record<string, WishImportance> = { ...form.wishes };
  for (const wish of portrait.wishes) wishes[wish.code] = wish.importance;
  return { ...form, portraitId: portrait.id, roomsAmount: countsToRooms(portrait.rooms), wishes };
}

/** 'Кто будет жить в квартире?': one button per buyer portrait. */
export function PortraitsField({ value, onPick }: { value: LiraForm; onPick: (portrait: Portrait) => void }) {
  const portraits = useQuery(portraitsQuery());
  const haptics = useHaptics();
  if (portraits.isPending)
    return (
      <p className="kv-muted" role="status">
        Загружаем варианты…
      </p>
    );
  if (portraits.isError)
    return (
      <p className="kv-inline-error" role="alert">
        Не удалось загрузить варианты
      </p>
    );
  return (
    <div className="kv-lira-portraits" role="radiogroup" aria-label="Кто будет жить в квартире?">
      {portraits.data.map((p) => (
        <button
          key={p.id}
          type="button"
          role="radio"
          aria-checked={value.portraitId === p.id}
          className={`kv-lira-portrait${value.portraitId === p.id ? ' is-on' : ''}`}
          onClick={() => (haptics.selection(), onPick(p))}
        >
          <strong>{p.title}</strong>
          <small>{p.description}</small>
        </button>
      ))}
    </div>
  );
}
