/**
 * `npm run migrate-config -- <PoracleJS config/local.json> [--out config/config.toml] [--force]`: writes Lookout's
 * config.toml from a PoracleJS configuration and copies the files beside it (see docs/migrating.md). The report
 * is printed and written beside the output. Exit code 1 when nothing could be written.
 */
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { describeError } from '../errors.ts';
import { CONFIG_FILE, findRepoRoot } from '../init.ts';
import { importPluginModules, pluginConfigSources } from '../plugin-loader.ts';
import { migrateConfig } from './migrate.ts';

export interface CliArguments {
  readonly source: string;
  /** as given (relative to the working directory), or null for config/config.toml of the checkout */
  readonly out: string | null;
  readonly force: boolean;
}

export const USAGE = 'usage: npm run migrate-config -- <PoracleJS config/local.json> [--out config/config.toml] [--force]';

/** Parses the arguments after the script name; a string is the problem to print with the usage. */
export function parseArguments(args: readonly string[]): CliArguments | string {
  let source: string | null = null;
  let out: string | null = null;
  let force = false;
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    if (arg === '--force') force = true;
    else if (arg === '--out') {
      const value = args[++i];
      if (value === undefined || value.startsWith('--')) return '--out needs a path';
      out = value;
    } else if (arg.startsWith('--out=')) out = arg.slice('--out='.length);
    else if (arg.startsWith('--')) return `unknown option ${arg}`;
    else if (source === null) source = arg;
    else return `one PoracleJS configuration at a time (got ${source} and ${arg})`;
  }
  if (source === null) return 'the path of PoracleJS\'s config/local.json is missing';
  return { source, out, force };
}

async function main(): Promise<void> {
  const parsed = parseArguments(process.argv.slice(2));
  if (typeof parsed === 'string') {
    process.stderr.write(`lookout migrate-config: ${parsed}\n${USAGE}\n`);
    process.exitCode = 2;
    return;
  }
  const rootDir = findRepoRoot(dirname(fileURLToPath(import.meta.url)));
  try {
    const plugins = pluginConfigSources(await importPluginModules(rootDir));
    const result = await migrateConfig({
      rootDir,
      source: resolve(parsed.source),
      out: parsed.out === null ? join(rootDir, CONFIG_FILE) : resolve(parsed.out),
      force: parsed.force,
      plugins,
      now: new Date(),
    });
    process.stdout.write(result.report);
    if (result.reportFile !== null) process.stdout.write(`\nreport written to ${result.reportFile}\n`);
    if (!result.written) process.exitCode = 1;
  } catch (err) {
    process.stderr.write(`lookout migrate-config: ${describeError(err)}\n`);
    process.exitCode = 1;
  }
}

const invokedPath = process.argv[1];
if (invokedPath !== undefined && import.meta.url === pathToFileURL(resolve(invokedPath)).href) await main();
