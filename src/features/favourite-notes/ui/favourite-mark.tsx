import { useMutation, useQuery } from '@tanstack/react-query';
import { useUnit } from 'effector-react';
import { useId, useState } from 'react';
import { favouriteMarksQuery } from '@/entities/apartment';
import { $userId } from '@/entities/session';
import { FAVOURITE_NOTE_MAX, errorMessage, type FavouriteMark as Mark } from '@/shared/api';
import { formatNumber } from '@/shared/lib';
import { noteMutationOptions } from '../api/marks';
import './favourite-notes.css';

/** What changed since the like, as a badge: a drop with its size, or that the listing left the market. */
function ChangeBadge({ mark }: { mark: Mark }) {
  if (mark.change === 'GONE')
    return (
      <span className="kv-badge kv-badge--danger kv-fav-change" data-testid="favourite-change" data-change="GONE">
        Снята с продажи
      </span>
    );
  if (mark.change === 'PRICE_DROP' && mark.oldPrice !== null && mark.newPrice !== null)
    return (
      <span className="kv-badge kv-fav-change kv-fav-change--drop" data-testid="favourite-change" data-change="PRICE_DROP">
        Цена снижена на {formatNumber(mark.oldPrice - mark.newPrice, 'rub')} · была {formatNumber(mark.oldPrice, 'rub')}
      </span>
    );
  return null;
}

/**
 * Under a favourite's card: what changed since the like, and the buyer's own note — kept on the server, so
 * it is there on every device and in the Mini App. What was typed stays in the field when saving fails.
 */
export function FavouriteMark({ apartmentId }: { apartmentId: number }) {
  const userId = useUnit($userId);
  const marks = useQuery(favouriteMarksQuery(userId));
  const mark = marks.data?.items.find((m) => m.apartmentId === apartmentId);
  const save = useMutation(noteMutationOptions(userId));
  const [draft, setDraft] = useState<string | null>(null);
  const fieldId = useId();
  const saved = mark?.note ?? '';
  const tooLong = (draft ?? '').length > FAVOURITE_NOTE_MAX;
  return (
    <div className="kv-fav-mark" data-testid="favourite-mark">
      {mark && <ChangeBadge mark={mark} />}
      {draft === null ? (
        <button
          type="button"
          className="kv-fav-note__shown"
          onClick={() => setDraft(saved)}
          disabled={marks.data === undefined}
          data-testid="favourite-note-edit"
        >
          {saved ? <span data-testid="favourite-note">Заметка: {saved}</span> : '+ Добавить заметку'}
        </button>
      ) : (
        <form
          className="kv-fav-note"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            if (tooLong) return;
            save.mutate({ apartmentId, note: draft }, { onSuccess: () => setDraft(null) });
          }}
        >
          <textarea
            id={fieldId}
            className="kv-input kv-fav-note__field"
            value={draft}
            rows={2}
            aria-label="Заметка к квартире"
            placeholder="Например: позвонить застройщику про скидку"
            aria-invalid={tooLong}
            onChange={(event) => setDraft(event.target.value)}
            data-testid="favourite-note-field"
          />
          {tooLong && <p className="kv-error-text">Заметка — не длиннее {FAVOURITE_NOTE_MAX} символов</p>}
          {save.isError && <p className="kv-error-text">Не удалось сохранить заметку: {errorMessage(save.error)}</p>}
          <div className="kv-fav-note__buttons">
            <button
              type="submit"
              className="kv-button kv-button--primary"
              disabled={save.isPending || tooLong}
              data-testid="favourite-note-save"
            >
              Сохранить
            </button>
            <button type="button" className="kv-button" onClick={() => setDraft(null)}>
              Отмена
            </button>
          </div>
        </form>
      )}
    </div>
  );
}
