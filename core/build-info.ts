/**
 * What runs: the version in package.json at the installation root, node's version, and whether the compiled build
 * (dist/, JavaScript) or the TypeScript sources run. Read once; shared by the start log, /metrics
 * (`lookout_build_info`) and the API's service version.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PACKAGE_ROOT } from './package-root.ts';

export type CodeForm = 'compiled' | 'sources';

export interface BuildInfo {
  /** package.json's `version`; '' when it cannot be read */
  readonly version: string;
  /** e.g. `v22.11.0` */
  readonly nodeVersion: string;
  readonly code: CodeForm;
}

/** compiled when this module itself is JavaScript (dist/core/build-info.js), sources when it is run as TypeScript */
export const CODE_FORM: CodeForm = import.meta.url.endsWith('.js') ? 'compiled' : 'sources';

let version: string | undefined;

/** package.json's version at the installation root ('' when unreadable), read on the first call. */
export function packageVersion(): string {
  if (version === undefined) {
    version = '';
    try {
      const parsed = JSON.parse(readFileSync(join(PACKAGE_ROOT, 'package.json'), 'utf8')) as { version?: unknown };
      if (typeof parsed.version === 'string') version = parsed.version;
    } catch {
      // unreadable: no version
    }
  }
  return version;
}

export function buildInfo(): BuildInfo {
  return { version: packageVersion(), nodeVersion: process.version, code: CODE_FORM };
}
