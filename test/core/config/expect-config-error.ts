/** Test helper: runs `fn`, asserts it throws a ConfigError, and returns that error. */
import assert from 'node:assert/strict';
import { ConfigError } from '../../../core/errors.ts';

export function configErrorOf(fn: () => unknown): ConfigError {
  try {
    fn();
  } catch (err) {
    assert.ok(err instanceof ConfigError, `expected a ConfigError, got ${String(err)}`);
    return err;
  }
  return assert.fail('expected a ConfigError, nothing was thrown');
}
