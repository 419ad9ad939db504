/**
 * Why the start stopped at a plugin's migrations: one failed, the database has one the plugin no longer
 * declares (a downgrade), or the plugin's list is malformed. Always names the plugin and the version.
 */
import { LookoutError } from '../../errors.ts';

export type PluginMigrationProblem = 'failed' | 'ahead' | 'invalid';

export class PluginMigrationError extends LookoutError {
  readonly plugin: string;
  readonly version: number;
  readonly problem: PluginMigrationProblem;

  constructor(problem: PluginMigrationProblem, plugin: string, version: number, message: string, options?: { cause?: unknown }) {
    super(problem === 'invalid' ? 'PLUGIN_INVALID' : 'DB_MIGRATION_FAILED', message, { plugin, version, problem }, options);
    this.name = 'PluginMigrationError';
    this.plugin = plugin;
    this.version = version;
    this.problem = problem;
  }
}
