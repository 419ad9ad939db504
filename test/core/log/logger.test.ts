import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, readdirSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { Writable } from 'node:stream';
import { createLogger } from '../../../core/log/logger.ts';
import { intervalFor, openRotatingFile, sweepOldRotations } from '../../../core/log/rotating-file.ts';
import { openWebhookLog } from '../../../core/log/webhook-log.ts';

const sink = () => new Writable({ write: (_c, _e, done) => done() });

describe('logging', () => {
  test('levels silly < debug < verbose < info < warn filter by the configured level', async () => {
    const lines: string[] = [];
    const destination = new Writable({
      write(chunk: Buffer, _e, done) {
        lines.push(...chunk.toString().trim().split('\n'));
        done();
      },
    });
    const { logger, close } = createLogger({ level: 'verbose', file: null, rootDir: tmpdir(), destination });
    logger.silly('s');
    logger.debug('d');
    logger.verbose({ eventId: 'x1' }, 'v');
    logger.info('i');
    logger.warn('w');
    await close();
    const parsed = lines.map((l) => JSON.parse(l) as { level: string; msg: string; eventId?: string });
    assert.deepEqual(parsed.map((p) => p.level), ['verbose', 'info', 'warn']);
    assert.equal(parsed[0]!.eventId, 'x1');
  });

  test('file logging writes JSON lines to the configured file', async () => {
    const root = mkdtempSync(join(tmpdir(), 'lookout-log-'));
    const { logger, close } = createLogger({ level: 'info', rootDir: root, destination: sink(), file: { filename: 'logs/processor.log', maxSizeMb: 1, maxAgeDays: 7, maxBackups: 2, compress: false } });
    logger.info({ eventId: 'e1' }, 'hello file');
    await new Promise((r) => setTimeout(r, 50));
    await close();
    const text = readFileSync(join(root, 'logs/processor.log'), 'utf8');
    assert.match(text, /"msg":"hello file"/);
  });

  test('rotates by size, keeps at most max_backups, compresses when asked', async () => {
    const root = mkdtempSync(join(tmpdir(), 'lookout-rot-'));
    const file = openRotatingFile({ filename: 'logs/app.log', maxSizeMb: 1, maxAgeDays: 7, maxBackups: 2, compress: true }, root);
    const chunk = `${'x'.repeat(1023)}\n`;
    for (let round = 0; round < 4; round++) {
      for (let i = 0; i < 1100; i++) file.stream.write(chunk);
      await new Promise((r) => setTimeout(r, 150));
    }
    await file.close();
    const rotated = readdirSync(join(root, 'logs')).filter((n) => n.startsWith('app.') && n.endsWith('.gz'));
    assert.ok(rotated.length >= 1, `rotated files: ${readdirSync(join(root, 'logs')).join(', ')}`);
    assert.ok(rotated.length <= 2);
  });

  test('removes rotated files older than max_age days, never the live file', () => {
    const root = mkdtempSync(join(tmpdir(), 'lookout-age-'));
    const live = join(root, 'processor.log');
    writeFileSync(live, 'live');
    writeFileSync(join(root, 'processor.20200101-000000.1.log.gz'), 'old');
    writeFileSync(join(root, 'processor.20990101-000000.1.log.gz'), 'new');
    const old = new Date(Date.now() - 10 * 86_400_000);
    utimesSync(join(root, 'processor.20200101-000000.1.log.gz'), old, old);
    utimesSync(live, old, old);
    assert.equal(sweepOldRotations(live, 7), 1);
    assert.deepEqual(readdirSync(root).sort(), ['processor.20990101-000000.1.log.gz', 'processor.log']);
  });

  test('rotation intervals map onto what the rotator supports', () => {
    assert.equal(intervalFor(0), undefined);
    assert.equal(intervalFor(60), '1h');
    assert.equal(intervalFor(45), '30m');
    assert.equal(intervalFor(180), '3h');
    assert.equal(intervalFor(2880), '2d');
  });

  test('webhook log writes each raw body as one JSON line', async () => {
    const root = mkdtempSync(join(tmpdir(), 'lookout-wh-'));
    const log = openWebhookLog({ filename: 'logs/webhooks.log', maxSizeMb: 1, maxAgeDays: 1, maxBackups: 2, compress: false, rotateIntervalMinutes: 60 }, root);
    log.write('10.0.0.1', '[{"type":"pokemon","message":{}}]');
    await log.close();
    const [line] = readFileSync(join(root, 'logs/webhooks.log'), 'utf8').trim().split('\n');
    const parsed = JSON.parse(line!) as { ip: string; body: string };
    assert.equal(parsed.ip, '10.0.0.1');
    assert.equal(parsed.body, '[{"type":"pokemon","message":{}}]');
  });
});
