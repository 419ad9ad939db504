/**
 * Readable log lines for a terminal: time, level, message, then the other fields as key=value (strings with spaces
 * quoted, objects as JSON); a line that is not JSON passes through; `[logging] format` chooses.
 */
import assert from 'node:assert/strict';
import { PassThrough } from 'node:stream';
import { test } from 'node:test';
import { createLogger } from '../../../core/log/logger.ts';
import { prettyDestination, prettyLine, wantsPretty } from '../../../core/log/pretty.ts';

test('a JSON line becomes time, level, message and key=value fields', () => {
  const time = new Date(2026, 10, 27, 14, 2, 7).toISOString();
  const line = prettyLine(JSON.stringify({ level: 'info', time, service: 'lookout', port: 3030, host: '127.0.0.1', plugins: ['monster', 'raid'], msg: 'listening' }), false);
  assert.equal(line, '14:02:07 INFO    listening  port=3030 host=127.0.0.1 plugins=["monster","raid"]\n');
  const warn = prettyLine(JSON.stringify({ level: 'warn', time, msg: 'webhook batch refused', reason: 'no type field' }), true);
  assert.match(warn, /\x1b\[33mWARN {3}\x1b\[0m webhook batch refused {2}reason="no type field"/);
  assert.equal(prettyLine('not json', false), 'not json');
});

test('the format: pretty, json, or auto following the terminal', () => {
  assert.equal(wantsPretty('auto', true), true);
  assert.equal(wantsPretty('auto', false), false);
  assert.equal(wantsPretty('json', true), false);
  assert.equal(wantsPretty('pretty', false), true);
});

test('a logger writing through the pretty destination', async () => {
  const out = new PassThrough();
  let text = '';
  out.on('data', (chunk: Buffer) => (text += chunk.toString()));
  const { logger, close } = createLogger({ level: 'info', file: null, rootDir: '.', destination: prettyDestination(out, false) });
  logger.info({ eventId: 'e-1', target: 'discord:user 42' }, 'delivered');
  logger.debug('not shown at info');
  await close();
  assert.match(text, /^\d{2}:\d{2}:\d{2} INFO {4}delivered {2}eventId=e-1 target="discord:user 42"\n$/);
});
