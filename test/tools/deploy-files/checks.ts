/**
 * The deployment files checked against the code: the Dockerfile, docker-compose.example.yml and
 * monitoring/prometheus.yml parse, and the Dockerfile, compose file, pm2 ecosystem and systemd unit run what
 * `npm start` runs, on the [processor] port, with a stop timeout above [tuning] stop_grace_secs, as a non-root user, with the writable folders as volumes.
 * Every function returns the problems found (empty: fine); nothing here needs Docker, pm2 or systemd.
 */
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { defaultConfig } from '../../../core/config/defaults.ts';
import { DockerfileError, execForm, flags, named, parseDockerfile, type ParsedDockerfile } from './dockerfile.ts';
import { parseYamlSubset, YamlSubsetError, type YamlValue } from './yaml-subset.ts';

/** Seconds a stop timeout must exceed the delivery grace by: processing what was taken in, closing the database. */
export const STOP_MARGIN_SECS = 10;
/** Folders the service writes under its install directory (the image's /app). */
export const WRITABLE_DIRS = ['config', 'resources', '.cache', 'logs'];
const APP_DIR = '/app';

export interface Expectations {
  /** `npm start`'s command, split on spaces */
  readonly start: string[];
  readonly port: number;
  readonly stopGraceSecs: number;
}

export function expectations(root: string): Expectations {
  const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { scripts: { start: string } };
  const config = defaultConfig();
  return { start: pkg.scripts.start.trim().split(/\s+/), port: config.processor.port, stopGraceSecs: config.tuning.stop_grace_secs };
}

// ---- Dockerfile ----

export function checkDockerfile(text: string, e: Expectations, contextHas: (path: string) => boolean): string[] {
  let parsed: ParsedDockerfile;
  try {
    parsed = parseDockerfile(text);
  } catch (err) {
    if (err instanceof DockerfileError) return [err.message];
    throw err;
  }
  const problems: string[] = [];
  const final = parsed.stages.at(-1)!;
  if (parsed.stages.length < 2) problems.push('Dockerfile: expected a multi-stage build (a build stage and a runtime stage)');
  const build = parsed.stages.slice(0, -1);
  if (!build.some((s) => named(s, 'RUN').some((r) => /\bnpm ci\b/.test(r.args)))) problems.push('Dockerfile: the build stage must install with `npm ci`');
  for (const stage of parsed.stages) {
    for (const copy of [...named(stage, 'COPY'), ...named(stage, 'ADD')]) {
      const { flags: f, rest } = flags(copy.args);
      if (f.has('from')) continue;
      const parts = rest.split(/\s+/);
      for (const source of parts.slice(0, -1)) {
        if (!contextHas(source)) problems.push(`Dockerfile line ${copy.line}: ${source} is not in the build context (missing, or excluded by .dockerignore)`);
      }
    }
  }
  const users = named(final, 'USER');
  const user = users.at(-1)?.args.split(':')[0];
  if (user === undefined || user === 'root' || user === '0') problems.push('Dockerfile: the runtime stage must switch to a non-root USER');
  const stop = named(final, 'STOPSIGNAL').at(-1);
  if (stop?.args !== 'SIGTERM') problems.push('Dockerfile: the runtime stage must say STOPSIGNAL SIGTERM');
  const health = named(final, 'HEALTHCHECK').at(-1);
  if (!health || !/\bCMD\b/.test(health.args)) problems.push('Dockerfile: the runtime stage needs a HEALTHCHECK (GET /health)');
  if (!named(final, 'EXPOSE').some((x) => x.args.split(/\s+/).some((p) => p.split('/')[0] === String(e.port)))) {
    problems.push(`Dockerfile: EXPOSE the default [processor] port ${e.port}`);
  }
  const volumes = named(final, 'VOLUME').flatMap((v) => execForm(v) ?? v.args.split(/\s+/));
  for (const dir of WRITABLE_DIRS) {
    if (!volumes.includes(`${APP_DIR}/${dir}`)) problems.push(`Dockerfile: ${APP_DIR}/${dir} (written by the service) must be a VOLUME`);
  }
  const cmd = named(final, 'CMD').at(-1);
  const argv = cmd ? execForm(cmd) : undefined;
  if (!argv) problems.push('Dockerfile: the runtime stage needs a CMD in JSON form (so the service is PID 1 and gets SIGTERM)');
  else if (argv.join(' ') !== e.start.join(' ')) problems.push(`Dockerfile: CMD runs "${argv.join(' ')}", npm start runs "${e.start.join(' ')}"`);
  return problems;
}

/** Whether a build-context path exists and survives .dockerignore (patterns in order, the last match wins). */
export function contextChecker(root: string, dockerignore: string): (path: string) => boolean {
  const rules = dockerignore
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter((l) => l !== '' && !l.startsWith('#'))
    .map((l) => ({ negate: l.startsWith('!'), re: globToRegExp(l.replace(/^!/, '').replace(/^\/+|\/+$/g, '')) }));
  const ignored = (path: string): boolean => {
    const segments = path.split('/');
    let result = false;
    for (const rule of rules) {
      // a pattern matching the path or one of its parent folders covers it
      for (let n = 1; n <= segments.length; n++) {
        if (rule.re.test(segments.slice(0, n).join('/'))) {
          result = !rule.negate;
          break;
        }
      }
    }
    return result;
  };
  return (path) => {
    const clean = path.replace(/^\.\//, '').replace(/\/+$/, '');
    return existsSync(join(root, clean)) && !ignored(clean);
  };
}

function globToRegExp(glob: string): RegExp {
  let re = '';
  for (let i = 0; i < glob.length; i++) {
    const c = glob[i]!;
    if (c === '*' && glob[i + 1] === '*') {
      re += '.*';
      i++;
    } else if (c === '*') re += '[^/]*';
    else if (c === '?') re += '[^/]';
    else re += c.replace(/[.+^${}()|[\]\\]/g, '\\$&');
  }
  return new RegExp(`^${re}$`);
}

// ---- docker-compose.example.yml ----

type YamlMap = { [key: string]: YamlValue };
const isMap = (v: YamlValue | undefined): v is YamlMap => typeof v === 'object' && v !== null && !Array.isArray(v);
const DURATION = /^([0-9]+(\.[0-9]+)?(us|ms|s|m|h))+$/;
const COMPOSE_TOP = new Set(['name', 'services', 'volumes', 'networks', 'configs', 'secrets', 'version']);
const CONDITIONS = new Set(['service_started', 'service_healthy', 'service_completed_successfully']);

/** Seconds of a compose duration such as `1m30s`. */
export function durationSecs(d: string): number {
  let total = 0;
  for (const m of d.matchAll(/([0-9.]+)(us|ms|s|m|h)/g)) {
    const n = Number(m[1]);
    total += m[2] === 'h' ? n * 3600 : m[2] === 'm' ? n * 60 : m[2] === 's' ? n : m[2] === 'ms' ? n / 1000 : n / 1e6;
  }
  return total;
}

export function checkCompose(text: string, e: Expectations, serviceName = 'lookout'): string[] {
  let doc: YamlValue;
  try {
    doc = parseYamlSubset(text);
  } catch (err) {
    if (err instanceof YamlSubsetError) return [`compose: ${err.message}`];
    throw err;
  }
  if (!isMap(doc)) return ['compose: the document must be a mapping'];
  const problems: string[] = [];
  for (const key of Object.keys(doc)) if (!COMPOSE_TOP.has(key) && !key.startsWith('x-')) problems.push(`compose: unknown top-level key ${key}`);
  const services = doc['services'];
  if (!isMap(services)) return [...problems, 'compose: services must be a mapping'];
  const declaredVolumes = isMap(doc['volumes']) ? Object.keys(doc['volumes']) : [];
  for (const [name, s] of Object.entries(services)) {
    if (!isMap(s)) {
      problems.push(`compose: service ${name} must be a mapping`);
      continue;
    }
    if (s['image'] === undefined && s['build'] === undefined) problems.push(`compose: service ${name} needs image or build`);
    const hc = s['healthcheck'];
    if (hc !== undefined) {
      if (!isMap(hc)) problems.push(`compose: ${name}.healthcheck must be a mapping`);
      else {
        const t = hc['test'];
        const ok = typeof t === 'string' || (Array.isArray(t) && typeof t[0] === 'string' && ['CMD', 'CMD-SHELL', 'NONE'].includes(t[0]));
        if (!ok) problems.push(`compose: ${name}.healthcheck.test must be a string or ["CMD"|"CMD-SHELL"|"NONE", …]`);
        for (const k of ['interval', 'timeout', 'start_period']) {
          if (hc[k] !== undefined && !(typeof hc[k] === 'string' && DURATION.test(hc[k]))) problems.push(`compose: ${name}.healthcheck.${k} is not a duration`);
        }
        if (hc['retries'] !== undefined && typeof hc['retries'] !== 'number') problems.push(`compose: ${name}.healthcheck.retries must be a number`);
      }
    }
    const deps = s['depends_on'];
    if (deps !== undefined) {
      const entries: [string, YamlValue][] = Array.isArray(deps) ? deps.map((d) => [String(d), null]) : isMap(deps) ? Object.entries(deps) : [];
      if (entries.length === 0) problems.push(`compose: ${name}.depends_on must list services`);
      for (const [dep, opts] of entries) {
        const target = services[dep];
        if (!isMap(target)) problems.push(`compose: ${name} depends on ${dep}, which is no service`);
        const condition = isMap(opts) ? opts['condition'] : undefined;
        if (condition !== undefined && !(typeof condition === 'string' && CONDITIONS.has(condition))) problems.push(`compose: ${name}.depends_on.${dep}.condition ${String(condition)} is unknown`);
        if (condition === 'service_healthy' && isMap(target) && target['healthcheck'] === undefined) problems.push(`compose: ${name} waits for ${dep} to be healthy, which has no healthcheck`);
      }
    }
    const volumes = s['volumes'] ?? [];
    if (!Array.isArray(volumes)) problems.push(`compose: ${name}.volumes must be a list`);
    else {
      for (const v of volumes) {
        if (typeof v !== 'string') {
          problems.push(`compose: ${name}.volumes entries must be "source:target[:mode]" strings`);
          continue;
        }
        const [source, target, mode] = v.split(':');
        if (!source || !target?.startsWith('/') || (mode !== undefined && !/^(ro|rw|z|Z)(,(ro|rw|z|Z))*$/.test(mode))) problems.push(`compose: ${name}.volumes: bad entry ${v}`);
        else if (!/^[./~]/.test(source) && !declaredVolumes.includes(source)) problems.push(`compose: ${name} mounts volume ${source}, which the top-level volumes do not declare`);
      }
    }
    const ports = s['ports'] ?? [];
    if (!Array.isArray(ports) || !ports.every((p) => typeof p === 'string' && /^([0-9.]+:)?([0-9]+:)?[0-9]+(\/(tcp|udp))?$/.test(p))) {
      problems.push(`compose: ${name}.ports must be quoted "host:container" strings`);
    }
    if (s['stop_grace_period'] !== undefined && !(typeof s['stop_grace_period'] === 'string' && DURATION.test(s['stop_grace_period']))) {
      problems.push(`compose: ${name}.stop_grace_period is not a duration`);
    }
  }
  const lookout = services[serviceName];
  if (!isMap(lookout)) return [...problems, `compose: no ${serviceName} service`];
  const deps = lookout['depends_on'];
  const waitsForDb = isMap(deps) && Object.values(deps).some((d) => isMap(d) && d['condition'] === 'service_healthy');
  if (!waitsForDb) problems.push(`compose: ${serviceName} must wait for the database (depends_on … condition: service_healthy)`);
  const targets = (Array.isArray(lookout['volumes']) ? lookout['volumes'] : []).map((v) => String(v).split(':')[1]);
  for (const dir of WRITABLE_DIRS) if (!targets.includes(`${APP_DIR}/${dir}`)) problems.push(`compose: ${serviceName} must mount ${APP_DIR}/${dir}`);
  const ports = Array.isArray(lookout['ports']) ? lookout['ports'].map((p) => String(p).split(':').at(-1)!.split('/')[0]) : [];
  if (!ports.includes(String(e.port))) problems.push(`compose: ${serviceName} must publish the default [processor] port ${e.port}`);
  const grace = lookout['stop_grace_period'];
  if (typeof grace !== 'string' || durationSecs(grace) < e.stopGraceSecs + STOP_MARGIN_SECS) {
    problems.push(`compose: ${serviceName}.stop_grace_period must be at least ${e.stopGraceSecs + STOP_MARGIN_SECS}s ([tuning] stop_grace_secs ${e.stopGraceSecs} + ${STOP_MARGIN_SECS})`);
  }
  return problems;
}

// ---- monitoring/prometheus.yml ----

export function checkPrometheus(text: string, e: Expectations): string[] {
  let doc: YamlValue;
  try {
    doc = parseYamlSubset(text);
  } catch (err) {
    if (err instanceof YamlSubsetError) return [`prometheus: ${err.message}`];
    throw err;
  }
  const scrapes = isMap(doc) ? doc['scrape_configs'] : undefined;
  if (!Array.isArray(scrapes) || scrapes.length === 0) return ['prometheus: scrape_configs must list at least one job'];
  const problems: string[] = [];
  const lookout = scrapes.find((s) => isMap(s) && s['job_name'] === 'lookout');
  if (!isMap(lookout)) return ['prometheus: a scrape job named lookout'];
  if ((lookout['metrics_path'] ?? '/metrics') !== '/metrics') problems.push('prometheus: metrics_path must be /metrics');
  const statics = lookout['static_configs'];
  const targets = Array.isArray(statics) ? statics.flatMap((s) => (isMap(s) && Array.isArray(s['targets']) ? s['targets'] : [])) : [];
  if (targets.length === 0 || !targets.every((t) => typeof t === 'string' && /^[^:/\s]+:[0-9]+$/.test(t))) problems.push('prometheus: static_configs targets must be "host:port" strings');
  else if (!targets.some((t) => String(t).endsWith(`:${e.port}`))) problems.push(`prometheus: a target on the default [processor] port ${e.port}`);
  return problems;
}

// ---- pm2 ----

interface Pm2App {
  script?: unknown;
  args?: unknown;
  interpreter?: unknown;
  node_args?: unknown;
  exec_mode?: unknown;
  instances?: unknown;
  kill_timeout?: unknown;
}

export function checkEcosystem(config: unknown, e: Expectations): string[] {
  const apps = (config as { apps?: unknown } | null)?.apps;
  if (!Array.isArray(apps) || apps.length !== 1) return ['ecosystem: exactly one app (the service is one process)'];
  const app = apps[0] as Pm2App;
  const problems: string[] = [];
  const argv = [String(app.interpreter), ...String(app.node_args ?? '').split(/\s+/).filter(Boolean), String(app.script), ...String(app.args ?? '').split(/\s+/).filter(Boolean)];
  if (argv.join(' ') !== e.start.join(' ')) problems.push(`ecosystem: runs "${argv.join(' ')}", npm start runs "${e.start.join(' ')}"`);
  if (app.exec_mode !== 'fork' || app.instances !== 1) problems.push('ecosystem: exec_mode "fork" with instances 1 (never cluster: one process owns the port and the journal)');
  const need = (e.stopGraceSecs + STOP_MARGIN_SECS) * 1000;
  if (typeof app.kill_timeout !== 'number' || app.kill_timeout < need) problems.push(`ecosystem: kill_timeout must be at least ${need} ms ([tuning] stop_grace_secs ${e.stopGraceSecs} + ${STOP_MARGIN_SECS} s)`);
  return problems;
}

export function loadEcosystem(root: string): unknown {
  return createRequire(join(root, 'package.json'))(join(root, 'ecosystem.config.cjs')) as unknown;
}

// ---- systemd ----

/** `[Section]` → key → values (a key may repeat). */
export function parseUnit(text: string): Map<string, Map<string, string[]>> {
  const sections = new Map<string, Map<string, string[]>>();
  let current: Map<string, string[]> | undefined;
  text.split(/\r?\n/).forEach((raw, i) => {
    const line = raw.trim();
    if (line === '' || line.startsWith('#') || line.startsWith(';')) return;
    const header = /^\[([A-Za-z]+)\]$/.exec(line);
    if (header) {
      current = new Map();
      sections.set(header[1]!, current);
      return;
    }
    const kv = /^([A-Za-z][A-Za-z0-9]*)=(.*)$/.exec(line);
    if (!kv || !current) throw new Error(`unit line ${i + 1}: expected Key=value inside a [Section]: ${line}`);
    current.set(kv[1]!, [...(current.get(kv[1]!) ?? []), kv[2]!.trim()]);
  });
  return sections;
}

/** Seconds of a systemd time span (`90`, `1min 30s`); Infinity for `infinity`. */
export function timespanSecs(v: string): number {
  if (v === 'infinity') return Infinity;
  if (/^[0-9]+$/.test(v)) return Number(v);
  const units: Record<string, number> = { ms: 0.001, s: 1, sec: 1, m: 60, min: 60, h: 3600, hr: 3600 };
  let total = 0;
  const rest = v.replace(/([0-9]+)\s*(ms|sec|s|min|m|hr|h)\b/g, (_all, n: string, u: string) => {
    total += Number(n) * units[u]!;
    return '';
  });
  return rest.trim() === '' ? total : NaN;
}

export function checkUnit(text: string, e: Expectations): string[] {
  let unit: Map<string, Map<string, string[]>>;
  try {
    unit = parseUnit(text);
  } catch (err) {
    return [`systemd: ${(err as Error).message}`];
  }
  const service = unit.get('Service');
  if (!unit.get('Unit') || !service || !unit.get('Install')) return ['systemd: needs [Unit], [Service] and [Install]'];
  const one = (k: string): string | undefined => service.get(k)?.at(-1);
  const problems: string[] = [];
  const exec = one('ExecStart')?.split(/\s+/) ?? [];
  if (!exec[0]?.startsWith('/') || exec.slice(1).join(' ') !== e.start.slice(1).join(' ') || !exec[0].endsWith(`/${e.start[0]}`)) {
    problems.push(`systemd: ExecStart must run "${e.start.join(' ')}" with an absolute path to ${e.start[0]}`);
  }
  const user = one('User');
  if (user === undefined || user === 'root') problems.push('systemd: a dedicated User');
  if (one('Restart') !== 'on-failure') problems.push('systemd: Restart=on-failure');
  const stop = timespanSecs(one('TimeoutStopSec') ?? '');
  if (!(stop >= e.stopGraceSecs + STOP_MARGIN_SECS) || stop === Infinity) problems.push(`systemd: TimeoutStopSec must be at least ${e.stopGraceSecs + STOP_MARGIN_SECS} ([tuning] stop_grace_secs ${e.stopGraceSecs} + ${STOP_MARGIN_SECS})`);
  const kill = one('KillSignal');
  if (kill !== undefined && kill !== 'SIGTERM' && kill !== 'SIGINT') problems.push('systemd: KillSignal must be SIGTERM or SIGINT (the graceful stop)');
  if (!one('WorkingDirectory')) problems.push('systemd: WorkingDirectory (the install directory)');
  return problems;
}

// ---- everything ----

/** Every problem of the repository's deployment files. */
export function checkDeployFiles(root: string): string[] {
  const e = expectations(root);
  const read = (f: string): string => readFileSync(join(root, f), 'utf8');
  const dockerignore = existsSync(join(root, '.dockerignore')) ? read('.dockerignore') : '';
  return [
    ...checkDockerfile(read('Dockerfile'), e, contextChecker(root, dockerignore)),
    ...checkCompose(read('docker-compose.example.yml'), e),
    ...checkEcosystem(loadEcosystem(root), e),
    ...checkUnit(read('deploy/lookout.service'), e),
    ...checkPrometheus(read('monitoring/prometheus.yml'), e),
  ];
}
