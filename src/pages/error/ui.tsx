import { useEffect } from 'react';
import { Link, useRouteError } from 'react-router-dom';
import { reportError } from '@/shared/lib';

function messageOf(error: unknown): string | null {
  if (error instanceof Error && error.message) return error.message;
  return null;
}

/** The error page of spec §2: 'Ошибка: {message}' or 'Произошла ошибка', and a way home. */
export function ErrorPage() {
  const error = useRouteError();
  const message = messageOf(error);
  // A page that failed is a bug of ours: to the error tracker (when there is one).
  useEffect(() => reportError(error), [error]);
  return (
    <section className="kv-status-page" role="alert">
      <h1>{message ? `Ошибка: ${message}` : 'Произошла ошибка'}</h1>
      <p>
        Мы обязательно всё починим, а сейчас можно <Link to="/">Вернуться на главную</Link>
      </p>
      {/* A page that failed offline (its data or its code) is no dead end: loading it again may well work now. */}
      <button type="button" className="kv-button" onClick={() => window.location.reload()}>
        Повторить
      </button>
    </section>
  );
}
