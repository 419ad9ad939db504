/**
 * `node --import tsx test/tools/check-deploy.ts`: checks the deployment files (Dockerfile, .dockerignore,
 * docker-compose.example.yml, ecosystem.config.cjs, deploy/lookout.service, monitoring/prometheus.yml) without
 * Docker; prints each problem and exits 1 when there is one. Run by .ci/run; test/deploy/deploy-files.test.ts runs the same checks.
 */
import { resolve } from 'node:path';
import { checkDeployFiles } from './deploy-files/checks.ts';

const problems = checkDeployFiles(resolve(import.meta.dirname, '../..'));
for (const p of problems) process.stderr.write(`deploy: ${p}\n`);
if (problems.length > 0) process.exit(1);
process.stdout.write('deploy: Dockerfile, compose, pm2, systemd and prometheus files check out\n');
