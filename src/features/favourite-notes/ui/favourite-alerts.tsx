import { useMutation, useQuery } from '@tanstack/react-query';
import { useUnit } from 'effector-react';
import { useState } from 'react';
import { favouriteMarksQuery } from '@/entities/apartment';
import { $userId } from '@/entities/session';
import { errorMessage } from '@/shared/api';
import { useNativeUi } from '@/shared/ui';
import { alertsMutationOptions } from '../api/marks';
import './favourite-notes.css';

const LABEL = 'Сообщать в Telegram, когда цена снизится или квартиру снимут с продажи';

/**
 * The favourites' setting: the bot's free message when a favourite gets cheaper or leaves the market, at
 * most once a day. Only someone the bot can reach (signed in through Telegram) can have it.
 */
export function FavouriteAlerts() {
  const userId = useUnit($userId);
  const marks = useQuery(favouriteMarksQuery(userId));
  const toggle = useMutation(alertsMutationOptions(userId));
  // The box shows the choice at once (in the same render as the click), and goes back if saving it fails.
  const [wanted, setWanted] = useState<boolean | null>(null);
  const ui = useNativeUi();
  if (!marks.data) return null;
  const { alertsEnabled, canAlert } = marks.data;
  const on = wanted ?? alertsEnabled;
  const change = (next: boolean) => {
    setWanted(next);
    toggle.mutate(next, { onSettled: () => setWanted(null) });
  };
  const changed = marks.data.items.filter((m) => m.change !== null).length;
  return (
    <div className="kv-fav-alerts" data-testid="favourite-alerts">
      {ui ? (
        // Inside Telegram the setting is Telegram's own switch row.
        <ui.Root>
          <ui.Switch
            checked={canAlert && on}
            disabled={!canAlert || toggle.isPending}
            onChange={change}
            label={LABEL}
            testId="favourite-alerts-toggle"
          />
        </ui.Root>
      ) : (
        <label className="kv-fav-alerts__switch">
          <input
            type="checkbox"
            checked={canAlert && on}
            disabled={!canAlert || toggle.isPending}
            onChange={(event) => change(event.target.checked)}
            data-testid="favourite-alerts-toggle"
          />
          <span>{LABEL}</span>
        </label>
      )}
      <p className="kv-muted kv-fav-alerts__hint">
        {canAlert
          ? 'Бесплатно, не чаще одного сообщения в день — все новости сразу.'
          : 'Войдите через Telegram, чтобы бот мог присылать оповещения.'}
        {changed > 0 && ` Изменилось с момента добавления: ${changed}.`}
      </p>
      {toggle.isError && <p className="kv-error-text">Не удалось сохранить настройку: {errorMessage(toggle.error)}</p>}
    </div>
  );
}
