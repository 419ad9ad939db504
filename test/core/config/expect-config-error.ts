/** Test helpers: run `fn`, assert it throws a ConfigError (or a PLUGIN_INVALID LookoutError), and return it. */
import assert from 'node:assert/strict';
import { ConfigError, isLookoutError } from '../../../core/errors.ts';

export function configErrorOf(fn: () => unknown): ConfigError {
  try {
    fn();
  } catch (err) {
    assert.ok(err instanceof ConfigError, `expected a ConfigError, got ${String(err)}`);
    return err;
  }
  return assert.fail('expected a ConfigError, nothing was thrown');
}

/** The message of the PLUGIN_INVALID error `run` throws (a plugin's config spec refused). */
export function pluginInvalidOf(run: () => unknown): string {
  try {
    run();
  } catch (err) {
    assert.ok(isLookoutError(err) && err.code === 'PLUGIN_INVALID', String(err));
    return err.message;
  }
  return assert.fail('expected PLUGIN_INVALID');
}
