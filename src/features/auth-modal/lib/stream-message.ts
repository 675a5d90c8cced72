/** What a binding stream said, classified (spec §4 "Auth modal flow", §8). */
export type StreamResult =
  | { kind: 'token'; token: string }
  | { kind: 'ok' }
  | { kind: 'message'; message: string }
  | { kind: 'unparseable'; data: string }
  | { kind: 'connection-error' };

export function classifyStreamData(data: string): StreamResult {
  let parsed: unknown;
  try {
    parsed = JSON.parse(data);
  } catch {
    return { kind: 'unparseable', data };
  }
  if (!parsed || typeof parsed !== 'object') return { kind: 'unparseable', data };
  const message = parsed as { status?: unknown; token?: unknown; message?: unknown };
  if (message.status === 'ok')
    return typeof message.token === 'string' && message.token ? { kind: 'token', token: message.token } : { kind: 'ok' };
  if (typeof message.message === 'string') return { kind: 'message', message: message.message };
  return { kind: 'unparseable', data };
}

export const AUTH_ERRORS = {
  unknown: (data: string) => `Неизвестная ошибка: ${data}`,
  connection: 'Произошла ошибка соединения',
  telegramUnavailable: 'Telegram API недоступно. Попробуйте позже',
  incorrectAuth:
    'Этот аккаунт Telegram уже использовался в другом профиле «Кварты». Чтобы войти в него, выйдите из текущего профиля и войдите через Telegram.',
} as const;

export function streamErrorText(result: StreamResult): string | null {
  if (result.kind === 'unparseable') return AUTH_ERRORS.unknown(result.data);
  if (result.kind === 'connection-error') return AUTH_ERRORS.connection;
  if (result.kind === 'message') return result.message === 'Incorrect Auth' ? AUTH_ERRORS.incorrectAuth : result.message;
  return null;
}
