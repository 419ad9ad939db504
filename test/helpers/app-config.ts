/**
 * The configuration an app test starts with: the test database, the HTTP server on a free port, no periodic
 * reload, no log files; `extra` sections replace the defaults (e.g. `processor` with an API secret).
 */
import type { Config } from '../../core/config/index.ts';
import { configFromObject } from './config.ts';
import type { DbOptions } from '../../core/db/connect.ts';

export function appConfigFor(db: DbOptions, extra: Record<string, unknown> = {}): Config {
  const database = db.client === 'sqlite' ? { client: 'sqlite', filename: db.filename } : { client: 'mysql', host: db.host, port: db.port, user: db.user, password: db.password, database: db.database };
  const sections = { processor: { host: '127.0.0.1', port: 0 }, database, tuning: { reload_interval_secs: 3600 }, logging: { file_logging_enabled: false }, ...extra };
  return configFromObject(sections, 'test').config;
}
