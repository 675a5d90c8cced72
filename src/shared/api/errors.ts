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

/** A readable Russian message for a toast, whatever was thrown. */
export function errorMessage(error: unknown): string {
  if (error instanceof Error && error.message) return error.message;
  if (typeof error === 'string' && error) return error;
  return 'Произошла ошибка';
}
