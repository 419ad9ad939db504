/**
 * Discord errors → delivery outcomes: permanent for targets that refuse for good and refused messages, transient
 * for rate limits, server and network trouble and a refused token.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { DiscordAPIError, HTTPError, RateLimitError } from 'discord.js';
import { outcomeOfError } from '../../../platforms/discord/error-outcome.ts';

function apiError(status: number, code: number, message = 'x'): DiscordAPIError {
  return new DiscordAPIError({ code, message }, code, status, 'POST', 'http://127.0.0.1/api/v10/channels/1/messages', { body: {} });
}

test('cannot DM, unknown channel, unknown user, missing access: permanent', () => {
  for (const [status, code] of [[403, 50007], [404, 10003], [404, 10013], [403, 50001]] as const) {
    const outcome = outcomeOfError(apiError(status, code));
    assert.ok(!outcome.ok && outcome.permanent, `code ${code}`);
    assert.match(!outcome.ok ? outcome.reason : '', new RegExp(`code ${code}`));
  }
});

test('any other 403/404 and a refused body (400) are permanent', () => {
  for (const [status, code] of [[403, 50013], [404, 0], [400, 50035]] as const) {
    const outcome = outcomeOfError(apiError(status, code));
    assert.ok(!outcome.ok && outcome.permanent, `status ${status}`);
  }
});

test('a refused token (401) is transient: it is not the target\'s fault', () => {
  const outcome = outcomeOfError(apiError(401, 0, '401: Unauthorized'));
  assert.ok(!outcome.ok && !outcome.permanent);
  assert.match(!outcome.ok ? outcome.reason : '', /token/);
});

test('server errors, network errors and handed-back rate limits are transient; the rate limit carries its wait', () => {
  const server = outcomeOfError(new HTTPError(503, 'Service Unavailable', 'POST', 'http://x', { body: {} }));
  assert.ok(!server.ok && !server.permanent);
  const network = outcomeOfError(Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:1'), { code: 'ECONNREFUSED' }));
  assert.ok(!network.ok && !network.permanent);
  const limited = outcomeOfError(
    new RateLimitError({ timeToReset: 1200, limit: 5, method: 'POST', hash: 'h', url: 'http://x', route: '/channels/:id/messages', majorParameter: '1', global: false, retryAfter: 4500.2, sublimitTimeout: 0, scope: 'user' }),
  );
  assert.deepEqual(limited, { ok: false, permanent: false, reason: 'rate limited on /channels/:id/messages (user)', retryAfterMs: 4501 });
});
