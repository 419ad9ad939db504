import assert from 'node:assert/strict';
import { test } from 'node:test';
import { checkApiSecret } from '../../../core/http/api-auth.ts';
import { ipRefusal } from '../../../core/http/ip-filter.ts';

test('ip lists: empty whitelist allows all; CIDR and exact entries; mapped IPv6 compared as IPv4', () => {
  assert.equal(ipRefusal('1.2.3.4', [], []), null);
  assert.equal(ipRefusal('192.168.1.7', ['192.168.1.0/24'], []), null);
  assert.match(ipRefusal('192.168.2.7', ['192.168.1.0/24'], []) ?? '', /not in whitelist/);
  assert.match(ipRefusal('::ffff:10.0.0.1', [], ['10.0.0.1']) ?? '', /10\.0\.0\.1 in blacklist/);
  assert.equal(ipRefusal('::1', ['::1'], []), null);
  assert.match(ipRefusal('10.0.0.1', [], ['0.0.0.0/0']) ?? '', /blacklist/);
});

test('api secret: constant-time check of either header name', () => {
  assert.deepEqual(checkApiSecret({ 'x-service-secret': 'abc' }, 'abc'), { ok: true });
  assert.deepEqual(checkApiSecret({ 'x-poracle-secret': 'abc' }, 'abc'), { ok: true });
  const wrong = checkApiSecret({ 'x-service-secret': 'abcd' }, 'abc');
  assert.equal(wrong.ok, false);
  assert.equal(!wrong.ok && wrong.status, 401);
  const disabled = checkApiSecret({ 'x-service-secret': '' }, '');
  assert.equal(!disabled.ok && disabled.status, 403);
});
