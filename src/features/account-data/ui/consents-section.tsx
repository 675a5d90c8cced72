import { consentText } from '@kvarta/contract/consent-texts';
import type { ConsentPurpose, ConsentState } from '@kvarta/contract/consents';
import { consentPath } from '@kvarta/contract/routes';
import { useQuery } from '@tanstack/react-query';
import { useUnit } from 'effector-react';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { analyticsDecided, consentsQuery } from '@/entities/consent';
import { loadErrorText } from '@/shared/api';
import { ErrorText } from '@/shared/ui';
import { consentWithdrawn, withdrawConsentFx } from '../model/withdrawal';
import './consents.css';

const NAMES: Record<ConsentPurpose, string> = { callback: 'Обратный звонок', analytics: 'Аналитика и реклама' };
const dayOf = (iso: string) => new Date(iso).toLocaleDateString('ru-RU', { day: 'numeric', month: 'long', year: 'numeric' });

function statusOf(state: ConsentState): string {
  const d = state.decision;
  if (!d) return 'Не спрашивали';
  if (!d.given) return `Не дано (решение от ${dayOf(d.decidedAt)})`;
  return `Дано ${dayOf(d.decidedAt)}, редакция ${d.version}`;
}

/** One consent: its state, its text, and what withdrawing it ends, asked once more before it goes. */
function ConsentRow({ state }: { state: ConsentState }) {
  const [withdraw, give, pending] = useUnit([consentWithdrawn, analyticsDecided, withdrawConsentFx.pending]);
  const [confirming, setConfirming] = useState(false);
  const given = state.decision?.given === true;
  const text = consentText(state.purpose)!;
  const name = NAMES[state.purpose];
  return (
    <li className="kv-consents__row" data-testid={`consent-${state.purpose}`}>
      <div>
        <strong>{name}</strong>
        <div className="kv-muted">{statusOf(state)}</div>
        <Link to={consentPath(state.purpose, state.decision?.version)}>Текст согласия</Link>
      </div>
      {given && !confirming && (
        <button type="button" className="kv-button" onClick={() => setConfirming(true)}>
          Отозвать
        </button>
      )}
      {given && confirming && (
        <div className="kv-consents__confirm" role="group" aria-label={`Отозвать согласие: ${name}`}>
          <p>{text.withdrawalEnds}</p>
          <button type="button" className="kv-button" onClick={() => setConfirming(false)}>
            Оставить
          </button>
          <button
            type="button"
            className="kv-button kv-button--danger"
            disabled={pending}
            onClick={() => {
              setConfirming(false);
              withdraw(state.purpose);
            }}
          >
            Отозвать согласие
          </button>
        </div>
      )}
      {!given && state.purpose === 'analytics' && (
        <button type="button" className="kv-button" onClick={() => give(true)}>
          Дать согласие
        </button>
      )}
    </li>
  );
}

/**
 * «Согласия» in «Ваши данные»: each processing that rests on consent, apart from the others, with its decision and its
 * text; a withdrawal says what it ends. What the offer itself needs (the account, the subscription) rests on the contract
 * and is not listed.
 */
export function ConsentsSection() {
  const consents = useQuery(consentsQuery());
  return (
    <section className="kv-consents" aria-labelledby="kv-consents-title">
      <h3 id="kv-consents-title">Согласия</h3>
      {consents.isPending && <p role="status">Загружаем согласия…</p>}
      <ErrorText text={consents.isError && loadErrorText('согласия', consents.error)} />
      {consents.data && (
        <ul className="kv-consents__list">
          {consents.data.map((state) => (
            <ConsentRow key={state.purpose} state={state} />
          ))}
        </ul>
      )}
    </section>
  );
}
