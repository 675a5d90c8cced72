import { useQuery } from '@tanstack/react-query';
import { useUnit } from 'effector-react';
import type { PersonalData } from '@kvarta/contract/cabinet';
import { LEGAL_DOCS } from '@kvarta/contract/legal';
import { $sessionFailed, $userId, sessionRetried } from '@/entities/session';
import { loadErrorText, OFFLINE_LOAD_MESSAGE } from '@/shared/api';
import { saveJson } from '@/shared/lib';
import { InlineError } from '@/shared/ui';
import { personalDataQuery } from '../api';
import {
  aiSearchFields,
  alertFields,
  callbackFields,
  consentFields,
  dateText,
  paymentFields,
  priceText,
  profileFields,
  purposeText,
  signInRequestFields,
  subscriptionFields,
  topFields,
  whereText,
} from '../lib/labels';
import { ApartmentCell, Fields, Records, Section, Table } from './sections';
import './my-data.css';

/** Every section of the export, in the order of docs/personal-data-export.md. */
function Sections({ data }: { data: PersonalData }) {
  const { signIn } = data;
  return (
    <>
      <Section id="profile" title="Профиль" empty={!data.profile}>
        {data.profile && <Fields fields={profileFields(data.profile)} />}
      </Section>
      <Section id="sign-in" title="Вход через Telegram" empty={!signIn.telegramId && signIn.requests.length === 0}>
        <Fields fields={[['Telegram ID', signIn.telegramId ?? '—']]} />
        {signIn.requests.length > 0 && <Records items={signIn.requests} title={(_, i) => `Запрос ${i + 1}`} fields={signInRequestFields} />}
      </Section>
      <Section id="favourites" title="Избранное" empty={data.favourites.length === 0}>
        <Table
          caption="Избранные квартиры"
          columns={['Квартира', 'Добавлена', 'Заметка', 'Цена при просмотре', 'Изменение']}
          rows={data.favourites}
          cells={(f) => [
            <ApartmentCell key="a" apartment={f.apartment} />,
            dateText(f.likedAt),
            f.note || '—',
            priceText(f.priceSeen),
            f.change
              ? f.change.kind === 'gone'
                ? `Снята с продажи, ${dateText(f.change.at)}`
                : `Цена снизилась: ${priceText(f.change.oldPrice)} → ${priceText(f.change.newPrice)}, ${dateText(f.change.at)}`
              : '—',
          ]}
        />
      </Section>
      <Section id="favourite-alerts" title="Уведомления об избранном" empty={!data.favouriteAlerts}>
        {data.favouriteAlerts && <Fields fields={alertFields(data.favouriteAlerts)} />}
      </Section>
      <Section id="ratings" title="Оценки квартир" empty={data.ratings.length === 0}>
        <Table
          caption="Оценки квартир"
          columns={['Квартира', 'Оценка', 'Причины', 'Где', 'Когда']}
          rows={data.ratings}
          cells={(r) => [
            <ApartmentCell key="a" apartment={r.apartment} />,
            r.rating === 'like' ? 'Нравится' : 'Не нравится',
            r.reasons.join(', ') || '—',
            whereText(r.where),
            dateText(r.at),
          ]}
        />
      </Section>
      <Section id="top" title="Настройки ТОПа" empty={!data.topSettings}>
        {data.topSettings && <Fields fields={topFields(data.topSettings)} />}
      </Section>
      <Section id="ai-search" title="ИИ Поиск" empty={!data.aiSearch}>
        {data.aiSearch && <Fields fields={aiSearchFields(data.aiSearch)} />}
      </Section>
      <Section id="ai-suggestions" title="Что предложил ИИ Поиск" empty={data.aiSuggestions.length === 0}>
        <Table
          caption="Квартиры, которые предложил ИИ Поиск"
          columns={['Квартира', 'Когда', 'Подбор', 'Соответствие']}
          rows={data.aiSuggestions}
          cells={(s) => [
            <ApartmentCell key="a" apartment={s.apartment} />,
            dateText(s.suggestedAt),
            s.kind === 'main' ? 'точное совпадение' : 'альтернатива',
            `${s.relevancePercent} %`,
          ]}
        />
      </Section>
      <Section id="subscriptions" title="Подписки" empty={data.subscriptions.length === 0}>
        <Records items={data.subscriptions} title={(s) => s.service} fields={subscriptionFields} />
      </Section>
      <Section id="promocodes" title="Промокоды" empty={data.promocodes.length === 0}>
        <Table
          caption="Промокоды"
          columns={['Промокод', 'Применён']}
          rows={data.promocodes}
          cells={(p) => [p.code, dateText(p.redeemedAt)]}
        />
      </Section>
      <Section id="payments" title="Платежи" empty={data.payments.length === 0}>
        <Records items={data.payments} title={(p) => `Платёж от ${dateText(p.createdAt)}`} fields={paymentFields} />
      </Section>
      <Section id="consents" title="Согласия" empty={data.consents.length === 0}>
        <Records items={data.consents} title={(c) => purposeText(c.purpose)} fields={consentFields} />
      </Section>
      <Section id="callbacks" title="Заявки на обратный звонок" empty={data.callbackRequests.length === 0}>
        <Records items={data.callbackRequests} title={(c) => `Заявка от ${dateText(c.requestedAt)}`} fields={callbackFields} />
      </Section>
    </>
  );
}

/**
 * «Мои данные» (152-FZ art. 14): what «Кварта» stores about the person, section by section in Russian, printable
 * («Печать» prints the page without the navigation) and downloadable as the same JSON («Скачать JSON»).
 */
export function MyDataPage() {
  const [userId, sessionFailed, retrySession] = useUnit([$userId, $sessionFailed, sessionRetried]);
  const noSession = sessionFailed && userId === null;
  const data = useQuery(personalDataQuery(userId));
  const error = noSession ? OFFLINE_LOAD_MESSAGE : data.isError ? loadErrorText('ваши данные', data.error) : null;
  return (
    <article className="kv-my-data" data-testid="my-data">
      <header className="kv-my-data__head">
        <h1 className="kv-page-title">Мои данные</h1>
        <p>
          Всё, что «Кварта» хранит о вас. Зачем, сколько и где — в{' '}
          <a href={LEGAL_DOCS.personalDataPolicy.href} target="_blank" rel="noopener noreferrer">
            политике обработки персональных данных
          </a>
          .
        </p>
        {data.data && (
          <>
            <p className="kv-my-data__when">Выгружено: {dateText(data.data.exportedAt)}</p>
            <div className="kv-my-data__actions">
              <button type="button" className="kv-button kv-button--primary" onClick={() => window.print()}>
                Печать
              </button>
              <button type="button" className="kv-button" onClick={() => saveJson(data.data)}>
                Скачать JSON
              </button>
            </div>
          </>
        )}
      </header>
      {error ? (
        <InlineError text={error} onRetry={() => (noSession ? retrySession() : void data.refetch())} />
      ) : data.data ? (
        <Sections data={data.data} />
      ) : (
        <p className="kv-page-loading" role="status" aria-live="polite">
          Собираем ваши данные…
        </p>
      )}
    </article>
  );
}
