/**
 * Discord's error answers as the fake gives them: the JSON shape `{ code, message }` with Discord's own codes and
 * wording, the 429 body with `retry_after`, and the error type route handlers throw to answer with one of them.
 */

/** A failure the fake answers with: an API error, or a rate limit with its Retry-After. */
export type FakeFailure =
  | { readonly status: number; readonly code: number; readonly message: string }
  | { readonly status: 429; readonly retryAfterSeconds: number; readonly global?: boolean };

/** The errors a delivery bot meets, worded as Discord words them. */
export const DISCORD_ERRORS = {
  unauthorized: { status: 401, code: 0, message: '401: Unauthorized' },
  unknownChannel: { status: 404, code: 10003, message: 'Unknown Channel' },
  unknownGuild: { status: 404, code: 10004, message: 'Unknown Guild' },
  unknownMessage: { status: 404, code: 10008, message: 'Unknown Message' },
  unknownRole: { status: 404, code: 10011, message: 'Unknown Role' },
  unknownUser: { status: 404, code: 10013, message: 'Unknown User' },
  unknownWebhook: { status: 404, code: 10015, message: 'Unknown Webhook' },
  unknownInteraction: { status: 404, code: 10062, message: 'Unknown interaction' },
  missingAccess: { status: 403, code: 50001, message: 'Missing Access' },
  cannotSendEmpty: { status: 400, code: 50006, message: 'Cannot send an empty message' },
  cannotDm: { status: 403, code: 50007, message: 'Cannot send messages to this user' },
  missingPermissions: { status: 403, code: 50013, message: 'Missing Permissions' },
  invalidJson: { status: 400, code: 50109, message: 'The request body contains invalid JSON.' },
  notFound: { status: 404, code: 0, message: '404: Not Found' },
  methodNotAllowed: { status: 405, code: 0, message: '405: Method Not Allowed' },
  serverError: { status: 500, code: 0, message: '500: Internal Server Error' },
} as const satisfies Record<string, FakeFailure>;

/** Thrown by a route handler; the fake turns it into Discord's error answer. */
export class FakeApiError extends Error {
  readonly status: number;
  readonly code: number;

  constructor(failure: { readonly status: number; readonly code: number; readonly message: string }) {
    super(failure.message);
    this.name = 'FakeApiError';
    this.status = failure.status;
    this.code = failure.code;
  }
}

/** Discord's 400 for a body that does not fit the route (code 50035), naming the offending member. */
export function invalidFormBody(member: string, problem: string): FakeApiError {
  return new FakeApiError({ status: 400, code: 50035, message: `Invalid Form Body (${member}: ${problem})` });
}

export function isRateLimit(failure: FakeFailure): failure is Extract<FakeFailure, { retryAfterSeconds: number }> {
  return 'retryAfterSeconds' in failure;
}

/** Status, headers and JSON body of a failure answer. */
export function failureAnswer(failure: FakeFailure): { status: number; headers: Record<string, string>; body: Record<string, unknown> } {
  if (isRateLimit(failure)) {
    const headers: Record<string, string> = {
      'retry-after': String(failure.retryAfterSeconds),
      'x-ratelimit-scope': failure.global ? 'global' : 'user',
    };
    if (failure.global) headers['x-ratelimit-global'] = 'true';
    return { status: 429, headers, body: { message: 'You are being rate limited.', retry_after: failure.retryAfterSeconds, global: failure.global === true } };
  }
  return { status: failure.status, headers: {}, body: { code: failure.code, message: failure.message } };
}
