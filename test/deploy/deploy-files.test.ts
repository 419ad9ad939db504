/**
 * The deployment files parse and match the code (test/tools/deploy-files/checks.ts), and the checks refuse
 * what Docker, compose, pm2 or systemd would refuse or run wrongly.
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { test } from 'node:test';
import {
  checkCompose,
  checkDeployFiles,
  checkDockerfile,
  checkEcosystem,
  checkPrometheus,
  checkUnit,
  contextChecker,
  expectations,
  loadEcosystem,
} from '../tools/deploy-files/checks.ts';
import { parseYamlSubset, YamlSubsetError } from '../tools/deploy-files/yaml-subset.ts';
// @ts-expect-error: a plain .mjs script (the container's health check) without type declarations
import { healthUrl } from '../../deploy/healthcheck.mjs';

const root = resolve(import.meta.dirname, '../..');
const read = (f: string): string => readFileSync(join(root, f), 'utf8');
const e = expectations(root);
const dockerfile = read('Dockerfile');
const compose = read('docker-compose.example.yml');
const unit = read('deploy/lookout.service');
const inContext = contextChecker(root, read('.dockerignore'));

test('the repository deployment files check out, and the CLI .ci/run calls says so', () => {
  assert.deepEqual(checkDeployFiles(root), []);
  const run = spawnSync(process.execPath, ['--import', 'tsx', 'test/tools/check-deploy.ts'], { cwd: root, encoding: 'utf8' });
  assert.equal(run.status, 0, run.stderr);
});

test('the expectations come from the code: npm start, the [processor] port, [tuning] stop_grace_secs', () => {
  assert.deepEqual(e.start, ['node', 'core/launch.mjs', 'start']);
  assert.equal(e.port, 3030);
  assert.equal(e.stopGraceSecs, 30);
});

test('Dockerfile syntax errors are reported with their line', () => {
  const cases: [string, RegExp][] = [
    [dockerfile.replace('CMD ["node", "core/launch.mjs"', 'CMD ["node" "core/launch.mjs"'), /CMD: the JSON form does not parse/],
    [dockerfile.replace('STOPSIGNAL SIGTERM', 'STOPSIGNAL TERM please'), /STOPSIGNAL TERM please: not a signal/],
    [dockerfile.replace('--interval=30s', '--interval=30'), /HEALTHCHECK --interval=30: not a duration/],
    [dockerfile.replace('COPY --from=build', 'COPY --from=builder'), /--from=builder: no earlier stage/],
    [dockerfile.replace('EXPOSE 3030', 'EXPOSE http'), /EXPOSE http: not a port/],
    [dockerfile.replace('WORKDIR /app', 'WORKDIRR /app'), /unknown instruction WORKDIRR/],
    [`RUN true\n${dockerfile}`, /RUN before the first FROM/],
    [`${dockerfile}\nRUN echo \\`, /ends with a line continuation/],
  ];
  for (const [text, expected] of cases) {
    const problems = checkDockerfile(text, e, inContext);
    assert.ok(problems.some((p) => expected.test(p)), `${expected}: ${problems.join('; ')}`);
  }
});

test('the Dockerfile is held to the service: non-root, SIGTERM, health check, volumes, npm start, the context', () => {
  const cases: [string, RegExp][] = [
    [dockerfile.replace(/^USER lookout$/m, 'USER root'), /non-root USER/],
    [dockerfile.replace('STOPSIGNAL SIGTERM', 'STOPSIGNAL SIGKILL'), /STOPSIGNAL SIGTERM/],
    [dockerfile.replace(/^HEALTHCHECK .*$/m, ''), /needs a HEALTHCHECK/],
    [dockerfile.replace('"/app/.cache", ', ''), /\/app\/\.cache .* must be a VOLUME/],
    [dockerfile.replace('"core/launch.mjs", "start"]', '"dist/core/main.js"]'), /npm start runs "node core\/launch\.mjs start"/],
    [dockerfile.replace('COPY plugins ./plugins', 'COPY plugin ./plugins'), /plugin is not in the build context/],
    [dockerfile.replace('COPY core ./core', 'COPY test ./test'), /test is not in the build context/],
    [dockerfile.replace('RUN npm ci --no-audit --no-fund', 'RUN npm install'), /`npm ci`/],
  ];
  for (const [text, expected] of cases) {
    assert.notEqual(text, dockerfile, `${expected}: the mutation did not apply`);
    const problems = checkDockerfile(text, e, inContext);
    assert.ok(problems.some((p) => expected.test(p)), `${expected}: ${problems.join('; ')}`);
  }
});

test('.dockerignore keeps the operator config and the tests out of the image, and the example in', () => {
  assert.equal(inContext('config/config.example.toml'), true);
  assert.equal(inContext('core'), true);
  assert.equal(inContext('resources/README.md'), true);
  assert.equal(inContext('test'), false);
  assert.equal(inContext('plugins/lure/test'), false);
  assert.equal(inContext('plugins/lure/index.ts'), true);
  assert.equal(inContext('node_modules'), false);
  const withSecrets = contextChecker(root, 'config/*\n!config/config.example.toml');
  assert.equal(withSecrets('config'), true);
  assert.equal(withSecrets('config/config.example.toml'), true);
});

test('the YAML subset parses the compose file the way YAML does and refuses what it cannot read', () => {
  assert.deepEqual(parseYamlSubset('a:\n  b: "x: y" # note\n  c: [1, "two", true]\nd:\n- e\n- 5\nf:\n'), { a: { b: 'x: y', c: [1, 'two', true] }, d: ['e', 5], f: null });
  assert.deepEqual(parseYamlSubset('jobs:\n  - name: a\n    targets:\n      - "h:1"\n  -   name: b\n      n: 2\n  - ./x:/y\n'), {
    jobs: [{ name: 'a', targets: ['h:1'] }, { name: 'b', n: 2 }, './x:/y'],
  });
  const bad: [string, RegExp][] = [
    ['a:\n\tb: 1', /line 2: tab in indentation/],
    ['a: 1\na: 2', /line 2: duplicate key: a/],
    ['a: &x 1', /anchors/],
    ['a: |\n  text', /block scalars/],
    ['a:\n  b: 1\n   c: 2', /line 3: unexpected indentation/],
    ['a: "open', /unterminated/],
    ['a: {b: 1}', /flow mappings/],
    ['- a\nb: 1', /line 2: unexpected indentation|expected/],
    ['a: b: c', /must be quoted/],
    ['- - a', /a sequence inside a "- " line/],
    ['- a: 1\n   b: 2', /line 2: unexpected indentation/],
  ];
  for (const [text, expected] of bad) {
    assert.throws(() => parseYamlSubset(text), (err: unknown) => err instanceof YamlSubsetError && expected.test(err.message), text);
  }
});

test('compose problems: syntax, unknown services and volumes, no wait for the database, short stop grace', () => {
  const cases: [string, RegExp][] = [
    [compose.replace('    image: mariadb:11', '    image: mariadb:11\n     extra: 1'), /compose: line \d+: unexpected indentation/],
    [compose.replace('      mariadb:\n        condition', '      maria:\n        condition'), /depends on maria, which is no service/],
    [compose.replace('condition: service_healthy', 'condition: healthy'), /condition healthy is unknown|must wait for the database/],
    [compose.replace('  lookout-cache:\n', ''), /volume lookout-cache, which the top-level volumes do not declare/],
    [compose.replace('stop_grace_period: 60s', 'stop_grace_period: 10s'), /stop_grace_period must be at least 40s/],
    [compose.replace('      - "3030:3030"', '      - "8080:8080"'), /publish the default \[processor\] port 3030/],
    [compose.replace('      - ./config:/app/config\n', ''), /must mount \/app\/config/],
    [compose.replace(/\n    healthcheck:\n(      .*\n)+/, '\n'), /waits for mariadb to be healthy, which has no healthcheck/],
  ];
  for (const [text, expected] of cases) {
    assert.notEqual(text, compose, `${expected}: the mutation did not apply`);
    const problems = checkCompose(text, e);
    assert.ok(problems.some((p) => expected.test(p)), `${expected}: ${problems.join('; ')}`);
  }
});

test('prometheus.yml: parses, scrapes /metrics of the default port', () => {
  const text = read('monitoring/prometheus.yml');
  assert.deepEqual(checkPrometheus(text, e), []);
  assert.match(checkPrometheus(text.replace('"127.0.0.1:3030"', '"127.0.0.1:9090"'), e).join(), /default \[processor\] port 3030/);
  assert.match(checkPrometheus(text.replace('metrics_path: /metrics', 'metrics_path: /api/metrics'), e).join(), /metrics_path/);
  assert.match(checkPrometheus(text.replace('  - job_name: lookout', '  - job_name: lookout\n  job_name: x'), e).join(), /prometheus: line \d+/);
});

test('pm2: one forked process running npm start, kill_timeout above the stop grace', () => {
  const config = loadEcosystem(root) as { apps: Record<string, unknown>[] };
  const app = config.apps[0]!;
  assert.deepEqual(checkEcosystem(config, e), []);
  assert.match(checkEcosystem({ apps: [{ ...app, kill_timeout: 1600 }] }, e).join(), /kill_timeout must be at least 40000 ms/);
  assert.match(checkEcosystem({ apps: [{ ...app, exec_mode: 'cluster', instances: 2 }] }, e).join(), /never cluster/);
  assert.match(checkEcosystem({ apps: [{ ...app, script: 'main.js' }] }, e).join(), /npm start runs/);
});

test('systemd: dedicated user, Restart=on-failure, TimeoutStopSec above the stop grace, npm start', () => {
  assert.deepEqual(checkUnit(unit, e), []);
  assert.match(checkUnit(unit.replace('TimeoutStopSec=60', 'TimeoutStopSec=20s'), e).join(), /TimeoutStopSec must be at least 40/);
  assert.deepEqual(checkUnit(unit.replace('TimeoutStopSec=60', 'TimeoutStopSec=1min 30s'), e), []);
  assert.match(checkUnit(unit.replace('User=lookout', 'User=root'), e).join(), /dedicated User/);
  assert.match(checkUnit(unit.replace('Restart=on-failure', 'Restart=always'), e).join(), /Restart=on-failure/);
  assert.match(checkUnit(unit.replace('core/launch.mjs start', 'core/init.ts'), e).join(), /ExecStart must run/);
  assert.match(checkUnit('Description=x\n', e).join(), /inside a \[Section\]/);
});

test('the container health check asks /health on the configured port, on loopback unless bound to one address', () => {
  assert.equal(healthUrl(undefined, {}), 'http://127.0.0.1:3030/health');
  assert.equal(healthUrl('[processor]\nport = 4000\nhost = "0.0.0.0"\n', {}), 'http://127.0.0.1:4000/health');
  assert.equal(healthUrl('[processor]\nhost = "10.0.0.5"\n', {}), 'http://10.0.0.5:3030/health');
  assert.equal(healthUrl('[processor]\nhost = "::1"\nport = 3031\n', {}), 'http://[::1]:3031/health');
  assert.equal(healthUrl('[processor]\nport = 4000\n', { LOOKOUT_HEALTH_URL: 'http://x:1/health' }), 'http://x:1/health');
  assert.throws(() => healthUrl('[processor]\nport = 0\n', {}), /set a fixed port/);
});
