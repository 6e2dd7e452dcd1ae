/** An error meant for the client: its status and message are sent as they are. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly fields?: Record<string, string>,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

/** What a 503 asks the client to wait before retrying (a database restart takes a few seconds). */
export const RETRY_AFTER_SECONDS = 5;

export const notFound = (message: string) => new HttpError(404, message);
