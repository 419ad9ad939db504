/**
 * Container and process-manager health check: `node deploy/healthcheck.mjs` asks GET /health of the running
 * service and exits 0 on 200, 1 otherwise (503 while stopping, no answer, a timeout).
 *
 * The address comes from the same config file the service reads (LOOKOUT_CONFIG, else config/config.toml beside
 * this folder): `[processor] port` (3030 when unset) on this machine's loopback, or on `[processor] host` when
 * the service listens on one address only. LOOKOUT_HEALTH_URL overrides all of that.
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import TOML from '@iarna/toml';

export const DEFAULT_PORT = 3030;
const TIMEOUT_MS = 4000;
const ANY_ADDRESS = new Set(['', '0.0.0.0', '::', '[::]']);

/** The /health URL for a config file's text (undefined: no file) and the environment. */
export function healthUrl(configText, env = {}) {
  if (env.LOOKOUT_HEALTH_URL) return env.LOOKOUT_HEALTH_URL;
  const processor = configText === undefined ? {} : (TOML.parse(configText).processor ?? {});
  const port = processor.port ?? DEFAULT_PORT;
  if (!Number.isInteger(port) || port <= 0) throw new Error(`[processor] port = ${String(port)}: set a fixed port (or LOOKOUT_HEALTH_URL) to health-check`);
  const host = typeof processor.host === 'string' && !ANY_ADDRESS.has(processor.host) ? processor.host : '127.0.0.1';
  return `http://${host.includes(':') ? `[${host}]` : host}:${port}/health`;
}

function configText(env) {
  const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
  const file = env.LOOKOUT_CONFIG ? resolve(env.LOOKOUT_CONFIG) : join(root, 'config', 'config.toml');
  return existsSync(file) ? readFileSync(file, 'utf8') : undefined;
}

async function main() {
  try {
    const url = healthUrl(configText(process.env), process.env);
    const res = await fetch(url, { signal: AbortSignal.timeout(TIMEOUT_MS) });
    if (res.status !== 200) {
      process.stderr.write(`health: ${url} answered ${res.status}\n`);
      process.exit(1);
    }
    process.exit(0);
  } catch (err) {
    process.stderr.write(`health: ${err instanceof Error ? err.message : String(err)}\n`);
    process.exit(1);
  }
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) await main();
