import { useQuery } from '@tanstack/react-query';
import { useUnit } from 'effector-react';
import { Link } from 'react-router-dom';
import { $userId } from '@/entities/session';
import type { NativeUi } from '@platform';
import { ROUTES } from '@/shared/api';
import { personalisationQuery } from '../api/personalisation-query';
import { $personalisationShadow, $personalisationSaving, personalisationToggled } from '../model/personalisation';
import './personalisation.css';

const LABEL = 'Персональные рекомендации';
const RULES_LINK = 'Правила рекомендаций';

/** The switch's state: the position this tab chose (its shadow), else the server's; null until it is known. */
export function usePersonalisation() {
  const [userId, shadow, saving, toggle] = useUnit([$userId, $personalisationShadow, $personalisationSaving, personalisationToggled]);
  const saved = useQuery(personalisationQuery(userId)).data?.personalised;
  return { on: shadow ?? saved ?? null, saving, toggle };
}

/** The one line under the switch: what it does in its present position. */
const hintOf = (on: boolean | null) =>
  on === false
    ? 'Выключены: ТОП и индекс AI — как для нового посетителя с теми же настройками, ИИ Поиск на паузе. Оценки сохранены.'
    : 'ТОП, индекс AI и ИИ Поиск учитывают ваши оценки и настройки.';

/** The website's menu row: the switch, its line and the rules (`onNavigate`: the menu closes as the link is followed). */
export function PersonalisationSwitch({ onNavigate, withRulesLink = true }: { onNavigate?: () => void; withRulesLink?: boolean }) {
  const { on, saving, toggle } = usePersonalisation();
  return (
    <div className="kv-personalisation" data-testid="personalisation">
      <label className="kv-personalisation__switch">
        <input
          type="checkbox"
          role="switch"
          checked={on ?? true}
          disabled={on === null || saving}
          onChange={(event) => toggle(event.target.checked)}
          aria-describedby="kv-personalisation-hint"
          data-testid="personalisation-toggle"
        />
        <span>{LABEL}</span>
      </label>
      <p className="kv-muted kv-personalisation__hint" id="kv-personalisation-hint">
        {hintOf(on)}
        {withRulesLink && (
          <>
            {' '}
            <Link to={ROUTES.RECOMMENDATION_RULES} onClick={onNavigate} data-testid="personalisation-rules">
              {RULES_LINK}
            </Link>
          </>
        )}
      </p>
    </div>
  );
}

/** The Mini App's menu group: Telegram's switch row, the line and the rules under it as the group's footer. */
export function PersonalisationSection({ ui, onNavigate }: { ui: NativeUi; onNavigate?: () => void }) {
  const { on, saving, toggle } = usePersonalisation();
  return (
    <ui.Section
      header="Рекомендации"
      footer={
        <span className="kv-personalisation__hint">
          {hintOf(on)}{' '}
          <Link to={ROUTES.RECOMMENDATION_RULES} onClick={onNavigate} data-testid="personalisation-rules">
            {RULES_LINK}
          </Link>
        </span>
      }
    >
      <ui.Switch label={LABEL} checked={on ?? true} disabled={on === null || saving} onChange={toggle} testId="personalisation-toggle" />
    </ui.Section>
  );
}

/**
 * On the AI search page while the switch is off: AI search recommends from the person's wishes and ratings, so it waits;
 * one button turns them on again (and the agent looks at once).
 */
export function PersonalisationOffNotice() {
  const { on, saving, toggle } = usePersonalisation();
  if (on !== false) return null;
  return (
    <div className="kv-personalisation-off" role="status" data-testid="personalisation-off">
      <p>
        <strong>Персональные рекомендации выключены.</strong> ИИ Поиск подбирает квартиры по вашим пожеланиям и оценкам, поэтому сейчас он
        не ищет новые квартиры и не присылает уведомления. Настройки и найденные квартиры сохранены.
      </p>
      <div className="kv-personalisation-off__actions">
        <button type="button" className="kv-button kv-button--primary" disabled={saving} onClick={() => toggle(true)}>
          Включить персональные рекомендации
        </button>
        <Link to={ROUTES.RECOMMENDATION_RULES}>{RULES_LINK}</Link>
      </div>
    </div>
  );
}
