/** An API failure as the spec describes it: message, HTTP status and optional detail. */
export class ApiError extends Error {
  readonly statusCode: number;
  readonly detail: unknown;

  constructor(message: string, statusCode: number, detail?: unknown) {
    super(message);
    this.name = 'ApiError';
    this.statusCode = statusCode;
    this.detail = detail;
  }
}

export const NETWORK_ERROR_MESSAGE = 'Нет соединения с сервером. Проверьте интернет и попробуйте ещё раз';

/** What a screen says in place of data it could not fetch because the server did not answer. */
export const OFFLINE_LOAD_MESSAGE = 'Не удалось загрузить данные. Проверьте подключение к интернету.';

/** The detail of an ApiError raised because the server took too long: such a request is not retried. */
export const TIMEOUT_DETAIL = 'timeout';

/** The request never got an answer: no connection, the server down, or no reply in time. */
export function isConnectionError(error: unknown): boolean {
  return error instanceof ApiError && error.statusCode === 0;
}

/**
 * The text of a failed load: the connection text when the server did not answer, otherwise
 * 'Не удалось загрузить {what}: {the server's message}'.
 */
export function loadErrorText(what: string, error: unknown): string {
  return isConnectionError(error) ? OFFLINE_LOAD_MESSAGE : `Не удалось загрузить ${what}: ${errorMessage(error)}`;
}

/** A readable Russian message for a toast, whatever was thrown. */
export function errorMessage(error: unknown): string {
  if (error instanceof Error && error.message) return error.message;
  if (typeof error === 'string' && error) return error;
  return 'Произошла ошибка';
}
