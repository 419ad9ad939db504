/**
 * `npm run replay -- <webhook log file>… --target <url> [--speed N|0|max] [--from T] [--to T] [--secret S |
 * --config config.toml] [--concurrency N] [--timeout S] [--json file]`: posts a raw webhook log
 * ([webhookLogging], plain or gzip-rotated) to a target with its original pacing scaled by the speed, every
 * time field moved to the present, and prints what was sent (see docs/replay.md). Exit code 2 for a usage or
 * configuration problem, 1 when a file could not be read or nothing was sent, else 0.
 */
import { writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { loadConfig } from '../config/index.ts';
import { describeError } from '../errors.ts';
import { PACKAGE_ROOT } from '../package-root.ts';
import { importPluginModules, pluginConfigSources } from '../plugin-loader.ts';
import { parseReplayArguments, USAGE, type ReplayArguments } from './args.ts';
import type { Clock } from './pacing.ts';
import type { FetchLike } from './poster.ts';
import { formatReport } from './report.ts';
import { replayLogs } from './replay.ts';

export interface ReplayIo {
  readonly out: (text: string) => void;
  readonly err: (text: string) => void;
  readonly clock?: Clock;
  readonly fetch?: FetchLike;
}

/** [processor] api_secret of a config file, read with the service's own loader (plugins' keys included) */
async function secretFromConfig(file: string): Promise<string> {
  const { config } = loadConfig(resolve(file), pluginConfigSources(await importPluginModules(PACKAGE_ROOT)));
  return config.processor.api_secret;
}

async function secretOf(args: ReplayArguments): Promise<string | null> {
  if (args.secret !== null) return args.secret;
  if (args.configFile === null) return null;
  return (await secretFromConfig(args.configFile)) || null;
}

/** Runs the command with these arguments; returns the exit code. */
export async function runReplayCommand(argv: readonly string[], io: ReplayIo): Promise<number> {
  if (argv.includes('--help') || argv.includes('-h')) {
    io.out(`${USAGE}\n`);
    return 0;
  }
  const parsed = parseReplayArguments(argv);
  if (!parsed.ok) {
    io.err(`lookout replay: ${parsed.error}\n${USAGE}\n`);
    return 2;
  }
  const args = parsed.args;
  let secret: string | null;
  try {
    secret = await secretOf(args);
  } catch (err) {
    io.err(`lookout replay: cannot read the secret from ${args.configFile}: ${describeError(err)}\n`);
    return 2;
  }
  const report = await replayLogs(
    { files: args.files, target: args.target, speed: args.speed, window: args.window, secret, concurrency: args.concurrency, timeoutMs: args.timeoutMs },
    {
      ...(io.clock ? { clock: io.clock } : {}),
      ...(io.fetch ? { fetch: io.fetch } : {}),
      onProblem: (p) => io.err(`lookout replay: ${p.line > 0 ? `${p.file}:${p.line}` : p.file}: ${p.reason}${p.line > 0 ? ' (line skipped)' : ''}\n`),
    },
  );
  io.out(formatReport(report));
  if (args.json !== null) writeFileSync(args.json, `${JSON.stringify(report, null, 2)}\n`);
  if (report.batches === 0) io.err('lookout replay: nothing was sent (no readable batch in the files and the time window)\n');
  return report.unreadableFiles > 0 || report.batches === 0 ? 1 : 0;
}

const invokedPath = process.argv[1];
if (invokedPath !== undefined && import.meta.url === pathToFileURL(resolve(invokedPath)).href) {
  process.exitCode = await runReplayCommand(process.argv.slice(2), { out: (t) => process.stdout.write(t), err: (t) => process.stderr.write(t) });
}
