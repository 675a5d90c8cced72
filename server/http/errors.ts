/** An error the client should see as-is: HTTP status, readable message, optional detail. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly detail?: unknown,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

export const notFound = (what = 'Not Found', detail?: unknown) => new HttpError(404, what, detail);
export const badRequest = (message: string, detail?: unknown) => new HttpError(400, message, detail);
export const unauthorized = (message = 'Unauthorized') => new HttpError(401, message);
export const forbidden = (message = 'Forbidden') => new HttpError(403, message);
