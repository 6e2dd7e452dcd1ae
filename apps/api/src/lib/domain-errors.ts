/**
 * What a service can say went wrong, in its own words: no HTTP here. The one error handler
 * (error-handler.ts) turns each into its status. Messages are the user-facing ones of
 * packages/shared/src/messages/, sent as they are.
 */
export abstract class DomainError extends Error {
  /** `fields`: a message (or a figure, such as the stock left) per input field concerned. */
  constructor(
    message: string,
    readonly fields?: Record<string, string>,
    options?: ErrorOptions,
  ) {
    super(message, options);
  }

  override get name() {
    return this.constructor.name;
  }
}

/** The thing named does not exist, or the caller may not learn that it does. */
export class NotFound extends DomainError {}

/** The request clashes with the current state (stock, status, the last admin). */
export class Conflict extends DomainError {}

/** The caller is known but may not do this. */
export class Forbidden extends DomainError {}

/** No caller, or one whose proof (token, session) no longer holds. */
export class Unauthenticated extends DomainError {}

/** The input is wrong; `fields` names each wrong field with its message. */
export class Invalid extends DomainError {}

/** Well-formed, but contradicts an earlier request it claims to repeat (a reused idempotency key). */
export class Unprocessable extends DomainError {}

/**
 * Checkout's refusals name the lines concerned (`{ message, lines }`): every line with a rule
 * problem (422), or the lines whose stock ran out meanwhile, with today's figures (409).
 */
export class LinesRefused extends Unprocessable {
  constructor(
    message: string,
    readonly lines: readonly object[],
  ) {
    super(message);
  }
}

export class LinesShort extends Conflict {
  constructor(
    message: string,
    readonly lines: readonly object[],
  ) {
    super(message);
  }
}

/** A dependency is down: the same request may succeed after `retryAfterSeconds`. */
export class Unavailable extends DomainError {
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
    options?: ErrorOptions,
  ) {
    super(message, undefined, options);
  }
}

/**
 * The image host's refusals: the one error handler answers them in the host's own
 * shape, `{ success: false, status_code, message, error: { message } }`, not the store's.
 */
export abstract class ImageHostError extends DomainError {}

/** The image is bigger than the host takes (bytes or pixels). */
export class ImageTooLarge extends ImageHostError {}

/** An image, but not of a format the host takes. */
export class ImageUnsupported extends ImageHostError {}

/** No image, or one that cannot be read: missing, damaged, or an upload that is malformed. */
export class ImageUnreadable extends ImageHostError {}

/** The image host's key is missing or wrong. */
export class WrongImageKey extends ImageHostError {}
