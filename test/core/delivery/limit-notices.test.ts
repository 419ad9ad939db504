/**
 * The texts the alert limits send: the numbers are in them, the way back depends on how the target was
 * stopped, and a webhook's secret never reaches the shame channel.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { limitNoticeText, noticeJob, shameReportText, stopNoticeText } from '../../../core/delivery/limit-notices.ts';
import { job } from './queue-fixtures.ts';
import { loadLocaleTables } from '../../../core/commands/locale-files.ts';
import { translatorFor } from '../../../core/commands/translate.ts';

const HIT = { limit: 20, periodSeconds: 240, hits: 10 };

describe('limit notices', () => {
  test('the limit notice names the limit and the period', () => {
    const text = limitNoticeText(HIT);
    assert.match(text, /20 alerts in 240 seconds/);
    assert.match(text, /resume once 240 seconds have passed/);
  });

  test('the stop notice tells how to resume: the start command, or an administrator', () => {
    assert.match(stopNoticeText(HIT, false, '/'), /send \/start/);
    assert.match(stopNoticeText(HIT, false, undefined), /administrator can start/);
    const admin = stopNoticeText(HIT, true, '!');
    assert.match(admin, /administrator has to enable/);
    assert.doesNotMatch(admin, /!start/);
    assert.match(admin, /10 times/);
  });

  test('the shame report names the target without a webhook token', () => {
    const target = { id: 'https://chat.example/api/webhooks/1/secret-token', type: 'webhook', name: 'city', language: null };
    const text = shameReportText(target, HIT, false);
    assert.match(text, /city/);
    assert.match(text, /stopped/);
    assert.doesNotMatch(text, /secret-token/);
    assert.match(shameReportText(target, HIT, true), /disabled/);
  });

  test('a notice job is a plain content body for the platform, under the event that caused it', () => {
    const cause = job('u1', 3, { clean: 1, expiresAt: 5000 });
    const notice = noticeJob(cause, cause.target, 'hello', 'telegram');
    assert.deepEqual(notice.message, { platform: 'telegram', body: { content: 'hello' } });
    assert.equal(notice.meta, cause.meta);
    assert.equal(notice.clean, 0, 'a notice is never cleaned');
    assert.equal(notice.expiresAt, null);
  });
});

test('notices are written in the recipient language when a translator is given', async () => {
  const { tables } = await loadLocaleTables(new URL('../../../fallbacks/locale', import.meta.url).pathname);
  const de = translatorFor('de', { tables });
  const hit = { limit: 20, periodSeconds: 240, hits: 3 };
  assert.match(limitNoticeText(hit, de), /^Du hast 20 Alarme in 240 Sekunden erhalten/);
  assert.match(stopNoticeText(hit, false, '!', de), /3-mal erreicht.*sende dann !start/);
  assert.match(limitNoticeText(hit), /^You have received 20 alerts in 240 seconds/);
});
