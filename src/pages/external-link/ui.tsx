import { useEffect, useState } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { COUNTDOWN_SECONDS, REFUSAL_TEXT, targetFromLocation } from './model';

/** EXTERNAL_LINK: 'Вы переходите на сторонний сайт через:' N сек, then go; only http(s) targets. */
export function ExternalLinkPage() {
  const { hash } = useLocation();
  const target = targetFromLocation(hash);
  const [left, setLeft] = useState(COUNTDOWN_SECONDS);
  const url = target.ok ? target.url : null;
  useEffect(() => {
    if (!url) return;
    setLeft(COUNTDOWN_SECONDS);
    const timer = setInterval(() => setLeft((n) => n - 1), 1000);
    return () => clearInterval(timer);
  }, [url]);
  useEffect(() => {
    if (url && left <= 0) window.location.assign(url);
  }, [url, left]);
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
  return (
    <section className="kv-status-page">
      <h1>Переход по внешней ссылке</h1>
      <p className="kv-external__target">{target.url}</p>
      <p>
        Вы переходите на сторонний сайт через: <strong aria-live="polite" data-testid="countdown">{`${Math.max(left, 0)} сек`}</strong>
      </p>
      <button type="button" className="kv-button kv-button--primary" onClick={() => window.location.assign(target.url)}>
        Перейти сейчас
      </button>
    </section>
  );
}
