/**
 * `npm start`: refuses to run without config/config.toml, loads and validates it, starts the service, and stops
 * gracefully on SIGINT/SIGTERM (stop accepting, drain, close the database, exit 0).
 */
import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createApp, type App } from './app.ts';
import { CODE_FORM, packageVersion } from './build-info.ts';
import { loadConfig } from './config/index.ts';
import { StartCancelledError } from './db/index.ts';
import { describeError, isLookoutError } from './errors.ts';
import { applyHeapGrowth } from './heap-growth.ts';
import { createLogger } from './log/logger.ts';
import { buildPlugins, importPluginModules, pluginConfigSources } from './plugin-loader.ts';
import { PACKAGE_ROOT } from './package-root.ts';

/** the installation (config/, fallbacks/, resources/), also when this runs compiled from dist/ */
const rootDir = PACKAGE_ROOT;
/** where the plugin folders' code is: the sources beside core/, or dist/ when compiled */
const codeRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..');
/** LOOKOUT_CONFIG points at another config file (relative paths inside it still resolve from the repo root). */
const configFile = process.env.LOOKOUT_CONFIG ? resolve(process.env.LOOKOUT_CONFIG) : join(rootDir, 'config', 'config.toml');

function fatal(message: string): never {
  process.stderr.write(`lookout: ${message}\n`);
  process.exit(1);
}

async function main(): Promise<void> {
  if (!existsSync(configFile)) {
    fatal(`no configuration at ${configFile}.\nRun \`npm run init\` to write one for the embedded default (SQLite), or copy config/config.example.toml to config/config.toml and edit it.`);
  }
  // the plugin modules first: the keys they contribute are part of what the file is validated against
  const modules = await importPluginModules(codeRoot);
  const { config, warnings } = (() => {
    try {
      return loadConfig(configFile, pluginConfigSources(modules));
    } catch (err) {
      return fatal(describeError(err));
    }
  })();
  const l = config.logging;
  const logs = createLogger({
    level: l.level,
    format: l.format,
    rootDir,
    file: l.file_logging_enabled ? { filename: l.filename, maxSizeMb: l.max_size, maxAgeDays: l.max_age, maxBackups: l.max_backups, compress: l.compress } : null,
  });
  const log = logs.logger;
  for (const warning of warnings) log.warn({ file: configFile }, warning);

  log.info({ code: CODE_FORM, version: packageVersion(), codeRoot }, 'starting');
  applyHeapGrowth(config.tuning.heap_growing_percent);

  // a signal while starting (e.g. waiting for the database) cancels the start; once started, it stops gracefully
  const starting = new AbortController();
  let app: App | null = null;
  const stopAndExit = (running: App): void => {
    running
      .stop()
      .then(() => logs.close())
      .then(() => process.exit(0))
      .catch((err: unknown) => {
        log.error({ err: describeError(err) }, 'graceful stop failed');
        process.exit(1);
      });
  };
  let signals = 0;
  const onSignal = (signal: NodeJS.Signals): void => {
    if (++signals > 1) {
      log.warn({ signal }, 'second signal: exiting without draining');
      process.exit(1);
    }
    if (app === null) {
      log.info({ signal }, 'signal received while starting; cancelling the start');
      starting.abort();
      return;
    }
    log.info({ signal }, 'signal received; stopping gracefully');
    stopAndExit(app);
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);

  try {
    app = await createApp({ config, rootDir, log, plugins: (setup) => buildPlugins(modules, setup), stopSignal: starting.signal });
  } catch (err) {
    if (!(err instanceof StartCancelledError)) throw err;
    log.info('stopped before the start completed');
    await logs.close();
    process.exit(0);
  }
  // the signal came after the database wait, while the rest was starting
  if (starting.signal.aborted) return stopAndExit(app);
  await app.listen();
}

main().catch((err: unknown) => {
  fatal(isLookoutError(err) ? `${err.message}` : `start failed: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`);
});
