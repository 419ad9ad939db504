/**
 * The shape a plugin's migration list must have: an array of { version, name, up } numbered 1, 2, 3… in order.
 * Used by the registry (refusing the plugin at registration) and by the runner.
 */

/** The longest migration name the ledger stores. */
export const MAX_MIGRATION_NAME = 128;

const EXPECTED = `must be an array of { version, name, up } numbered 1, 2, 3… in order (name a string of 1–${MAX_MIGRATION_NAME} characters, up a function)`;

/** null when `value` is a valid migration list, else what is wrong with it. */
export function migrationListProblem(value: unknown): string | null {
  if (!Array.isArray(value)) return EXPECTED;
  for (const [i, item] of value.entries()) {
    const m = (typeof item === 'object' && item !== null ? item : {}) as { version?: unknown; name?: unknown; up?: unknown };
    if (m.version !== i + 1) return `${EXPECTED}; entry ${i + 1} has version ${String(m.version)}`;
    const named = typeof m.name === 'string' && m.name.length > 0 && m.name.length <= MAX_MIGRATION_NAME;
    if (!named || typeof m.up !== 'function') return `${EXPECTED}; version ${i + 1} is not`;
  }
  return null;
}
