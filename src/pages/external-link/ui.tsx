import { useUnit } from 'effector-react';
import { useEffect, useState } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { linkedByUs } from '@/shared/lib';
import { COUNTDOWN_SECONDS, REFUSAL_TEXT, leaveFx, targetFromLocation } from './model';

/**
 * EXTERNAL_LINK: to a target one of our pages linked to, 'Вы переходите на сторонний сайт через:' N сек, then go.
 * Any other address (typed, or linked to from elsewhere: an open redirect on our domain) is shown with a button and
 * never followed by itself. Only http(s) targets either way.
 */
export function ExternalLinkPage() {
  const location = useLocation();
  const { hash } = location;
  // Set only by our own links (externalLinkTo): a page elsewhere cannot put anything here.
  const state: unknown = location.state;
  const leave = useUnit(leaveFx);
  const target = targetFromLocation(hash);
  const url = target.ok ? target.url : null;
  const ours = url !== null && linkedByUs(state, url);
  const [left, setLeft] = useState(COUNTDOWN_SECONDS);
  useEffect(() => {
    if (!url || !ours) return;
    setLeft(COUNTDOWN_SECONDS);
    const timer = setInterval(() => setLeft((n) => n - 1), 1000);
    return () => clearInterval(timer);
  }, [url, ours]);
  useEffect(() => {
    if (url && ours && left <= 0) void leave(url);
  }, [url, ours, left, leave]);
  if (!target.ok) {
    return (
      <section className="kv-status-page" role="alert">
        <h1>Переход по внешней ссылке</h1>
        <p>{REFUSAL_TEXT[target.reason]}</p>
        <Link to="/" className="kv-button">
          Вернуться на Главную
        </Link>
      </section>
    );
  }
  if (!ours) {
    return (
      <section className="kv-status-page">
        <h1>Переход по внешней ссылке</h1>
        <p>Эта ссылка ведёт на сторонний сайт. Проверьте адрес, прежде чем переходить:</p>
        <p className="kv-external__target">{target.url}</p>
        <button type="button" className="kv-button kv-button--primary" onClick={() => void leave(target.url)}>
          Перейти на сайт
        </button>
        <Link to="/" className="kv-button">
          Вернуться на Главную
        </Link>
      </section>
    );
  }
  return (
    <section className="kv-status-page">
      <h1>Переход по внешней ссылке</h1>
      <p className="kv-external__target">{target.url}</p>
      <p>
        Вы переходите на сторонний сайт через: <strong aria-live="polite" data-testid="countdown">{`${Math.max(left, 0)} сек`}</strong>
      </p>
      <button type="button" className="kv-button kv-button--primary" onClick={() => void leave(target.url)}>
        Перейти сейчас
      </button>
    </section>
  );
}
