/**
 * Small shared pieces of the database tests.
 */
import { describe, it } from 'node:test';
import { databaseTargets } from '../../helpers/databases.ts';
import { legacyDumpMissing } from './legacy-dump.ts';
import type { DbLog } from '../../../core/db/log.ts';

export interface CapturedDbLog extends DbLog {
  readonly entries: { level: 'info' | 'warn'; obj: object; msg: string }[];
  warnings(): string[];
}

export function captureDbLog(): CapturedDbLog {
  const entries: CapturedDbLog['entries'] = [];
  return {
    entries,
    info: (obj, msg = '') => void entries.push({ level: 'info', obj, msg }),
    warn: (obj, msg = '') => void entries.push({ level: 'warn', obj, msg }),
    warnings: () => entries.filter((e) => e.level === 'warn').map((e) => e.msg),
  };
}

/**
 * A suite that needs the MariaDB test server (and, with needsDump, the reference dump). Skips with the reason
 * when either is missing — except that an unreachable server fails the suite when MariaDB is required.
 */
export async function mariadbSuite(name: string, body: () => void, needsDump = true): Promise<void> {
  const target = (await databaseTargets()).find((t) => t.engine === 'mysql');
  const skip = !target ? 'MariaDB excluded by LOOKOUT_TEST_ENGINES' : (target.skip ?? (needsDump ? legacyDumpMissing() : null));
  describe(name, () => {
    if (target?.failure) {
      const failure = target.failure;
      return void it('MariaDB is reachable', () => { throw new Error(failure); });
    }
    if (skip) return void it('skipped', { skip }, () => {});
    body();
  });
}
