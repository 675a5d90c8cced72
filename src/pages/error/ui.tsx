import { Link, useRouteError } from '@/shared/router';

function messageOf(error: unknown): string | null {
  if (error instanceof Error && error.message) return error.message;
  return null;
}

/** The error page of spec §2: 'Ошибка: {message}' or 'Произошла ошибка', and a way home. */
export function ErrorPage() {
  const message = messageOf(useRouteError());
  return (
    <section className="kv-status-page" role="alert">
      <h1>{message ? `Ошибка: ${message}` : 'Произошла ошибка'}</h1>
      <p>
        Мы обязательно всё починим, а сейчас можно <Link to="/">Вернуться на главную</Link>
      </p>
    </section>
  );
}
