import { useQuery } from '@tanstack/react-query';
import { useUnit } from 'effector-react';
import { Link } from 'react-router-dom';
import { AiIndexBadge, selectionInfoQuery } from '@/entities/apartment';
import { $userId } from '@/entities/session';
import { ROUTES } from '@/shared/api';
import { Section, SectionSkeleton } from './section';

/**
 * The AI index (relevance %) — the same number every card of this buyer shows — with the explanation per wish. Without
 * an AI-search profile the wishes are the preset's, and the page also invites to 'ИИ Поиск'.
 */
export function AiIndex({ apartmentId }: { apartmentId: number }) {
  const userId = useUnit($userId);
  const info = useQuery(selectionInfoQuery(apartmentId, userId));
  if (info.isPending) {
    return (
      <Section title="Индекс AI">
        <SectionSkeleton lines={2} />
      </Section>
    );
  }
  // Without the index the page simply has no AI block: nothing else depends on it.
  if (info.isError) return null;
  const wishes = info.data.wishesTexts;
  const invitation = (
    <Section title={wishes.length === 0 ? 'Индекс AI' : 'ИИ Поиск'} testId="apart-ai-cta">
      <div className="kv-apart-cta">
        <p>ИИ-агент покажет, насколько эта квартира подходит именно вам: по каждому вашему пожеланию — в процентах.</p>
        <Link to={ROUTES.AGENT} className="kv-button kv-button--primary">
          ИИ Поиск
        </Link>
      </div>
    </Section>
  );
  if (wishes.length === 0) return invitation;
  return (
    <>
      <Section title="Индекс AI" testId="apart-ai-index">
        <p className="kv-apart-ai__value">
          <AiIndexBadge percent={info.data.relevancePercent} reasons={wishes} /> соответствие вашему запросу
        </p>
        <ul className="kv-apart-wishes">
          {wishes.map((wish) => (
            <li key={wish.code}>
              <div className="kv-apart-wishes__head">
                <span>{wish.title}</span>
                <span>{wish.percent} %</span>
              </div>
              <div
                className="kv-apart-wishes__bar"
                role="meter"
                aria-valuemin={0}
                aria-valuemax={100}
                aria-valuenow={wish.percent}
                aria-label={wish.title}
              >
                <span style={{ width: `${wish.percent}%` }} />
              </div>
              <p className="kv-muted">{wish.text}</p>
            </li>
          ))}
        </ul>
      </Section>
      {/* The same index as on every card; a buyer without AI search is still invited to tell their wishes. */}
      {info.data.agentProfile === false && invitation}
    </>
  );
}
