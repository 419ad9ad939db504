/**
 * Every error the service raises on purpose. One base class, one table of codes:
 * callers branch on `code` / `kind`, never on message text.
 */

/** How an error should be treated by whoever catches it. */
export type ErrorKind =
  | 'config' // operator configuration is wrong: stop the start
  | 'input' // a client, scanner or user sent something invalid: reject that item only
  | 'auth' // missing/wrong credentials or forbidden source
  | 'not_found' // the thing asked for does not exist
  | 'conflict' // the request collides with existing state
  | 'unavailable' // a dependency is not running or not reachable (retry later)
  | 'permanent' // a delivery target refuses for good (blocked bot, unknown channel)
  | 'plugin' // a plugin hook threw: names plugin, hook and event
  | 'database' // schema/migration/adoption trouble
  | 'internal'; // a bug

export const ERROR_CODES = {
  CONFIG_MISSING: 'config',
  CONFIG_INVALID: 'config',
  CONFIG_UNSUPPORTED: 'config',
  PLUGIN_INVALID: 'config',
  BAD_REQUEST: 'input',
  WEBHOOK_INVALID: 'input',
  AUTH_MISSING_SECRET: 'auth',
  AUTH_WRONG_SECRET: 'auth',
  AUTH_DISABLED: 'auth',
  IP_FORBIDDEN: 'auth',
  NOT_FOUND: 'not_found',
  CONFLICT: 'conflict',
  UNAVAILABLE: 'unavailable',
  QUEUE_FULL: 'unavailable',
  TARGET_PERMANENT: 'permanent',
  PLUGIN_HOOK_FAILED: 'plugin',
  DB_DIRTY: 'database',
  DB_MIGRATION_FAILED: 'database',
  DB_UNREACHABLE: 'unavailable',
  INTERNAL: 'internal',
} as const satisfies Record<string, ErrorKind>;

export type ErrorCode = keyof typeof ERROR_CODES;

export class LookoutError extends Error {
  readonly code: ErrorCode;
  readonly kind: ErrorKind;
  readonly context: Readonly<Record<string, unknown>>;

  constructor(code: ErrorCode, message: string, context: Record<string, unknown> = {}, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'LookoutError';
    this.code = code;
    this.kind = ERROR_CODES[code];
    this.context = Object.freeze({ ...context });
  }
}

/** Raised by configuration loading; the message names the file, the key, what was expected and what was found. */
export class ConfigError extends LookoutError {
  constructor(message: string, context: { file?: string; key?: string; expected?: string; found?: string } = {}, code: 'CONFIG_INVALID' | 'CONFIG_UNSUPPORTED' = 'CONFIG_INVALID') {
    super(code, message, context);
    this.name = 'ConfigError';
  }
}

/** A plugin hook threw. Carries the plugin, the hook and the event it was working on. */
export class PluginHookError extends LookoutError {
  readonly plugin: string;
  readonly hook: string;
  readonly eventId: string | undefined;

  constructor(plugin: string, hook: string, eventId: string | undefined, cause: unknown) {
    const reason = cause instanceof Error ? cause.message : String(cause);
    super('PLUGIN_HOOK_FAILED', `plugin "${plugin}" failed in ${hook}${eventId ? ` for event ${eventId}` : ''}: ${reason}`, { plugin, hook, eventId }, { cause });
    this.name = 'PluginHookError';
    this.plugin = plugin;
    this.hook = hook;
    this.eventId = eventId;
  }
}

export function isLookoutError(err: unknown): err is LookoutError {
  return err instanceof LookoutError;
}

/** A readable one-line reason for any thrown value. */
export function describeError(err: unknown): string {
  if (err instanceof Error) return err.message;
  return String(err);
}

/** PLUGIN_INVALID listing every registration problem, each naming its plugin. */
export function pluginInvalid(problems: readonly string[]): LookoutError {
  return new LookoutError('PLUGIN_INVALID', `invalid plugin registration:\n  - ${problems.join('\n  - ')}`, { problems });
}
