import assert from 'node:assert/strict';
import { test } from 'node:test';
import { ConfigError } from '../../../core/errors.ts';
import { checkApiSecret } from '../../../core/http/api-auth.ts';
import { createIpFilter, proxyTrust } from '../../../core/http/ip-filter.ts';

const refusal = (ip: string, whitelist: string[], blacklist: string[]): string | null => createIpFilter({ whitelist, blacklist })(ip);

test('ip lists: empty whitelist allows all; CIDR and exact entries; mapped IPv6 compared as IPv4', () => {
  assert.equal(refusal('1.2.3.4', [], []), null);
  assert.equal(refusal('192.168.1.7', ['192.168.1.0/24'], []), null);
  assert.match(refusal('192.168.2.7', ['192.168.1.0/24'], []) ?? '', /not in whitelist/);
  assert.match(refusal('::ffff:10.0.0.1', [], ['10.0.0.1']) ?? '', /10\.0\.0\.1 in blacklist/);
  assert.match(refusal('::ffff:10.0.0.9', [], ['10.0.0.0/24']) ?? '', /10\.0\.0\.9 in blacklist/);
  assert.equal(refusal('10.0.0.9', [], [' ::ffff:10.0.0.8 ']), null);
  assert.match(refusal('10.0.0.8', [], [' ::ffff:10.0.0.8 ']) ?? '', /in blacklist/);
  assert.equal(refusal('::1', ['::1'], []), null);
  assert.match(refusal('10.0.0.1', [], ['0.0.0.0/0']) ?? '', /blacklist/);
});

test('ip lists: IPv6 addresses and CIDR blocks, in either list', () => {
  assert.equal(refusal('2001:db8:1::5', ['2001:db8::/32'], []), null);
  assert.match(refusal('2001:db9::5', ['2001:db8::/32'], []) ?? '', /ip 2001:db9::5 not in whitelist/);
  assert.match(refusal('2001:DB8::7', [], ['2001:db8::7']) ?? '', /in blacklist/);
  assert.match(refusal('fe80::1234', [], ['fe80::/10']) ?? '', /in blacklist/);
  assert.equal(refusal('::1', [], ['fe80::/10', '127.0.0.1']), null);
  assert.match(refusal('::1', ['127.0.0.1'], []) ?? '', /not in whitelist/);
});

test('ip lists: an address that is not an IP (a forwarded header can say anything) is refused when a list is set', () => {
  assert.match(refusal('unknown', [], ['10.0.0.1']) ?? '', /not an IP address/);
  assert.match(createIpFilter({ whitelist: ['10.0.0.1'], blacklist: [] })(undefined) ?? '', /not an IP address/);
  assert.equal(refusal('unknown', [], []), null);
});

test('ip lists: an entry that is not an address or CIDR block is refused, naming the key and the entry', () => {
  for (const entry of ['10.0.0.0/33', 'example.com', '10.0.0.1/', '::1/129', '10.0.0.0/-1', '']) {
    assert.throws(
      () => createIpFilter({ whitelist: [], blacklist: ['10.0.0.1', entry] }),
      (err: unknown) => err instanceof ConfigError && err.message.includes('processor.ip_blacklist[1]') && err.message.includes(JSON.stringify(entry)),
      entry,
    );
  }
  assert.throws(() => proxyTrust(['proxy.local']), /processor\.trust_proxy\[0\].*"proxy\.local"/);
});

test('trust_proxy: none trusts nobody (fastify ignores X-Forwarded-For); a list trusts exactly its addresses and blocks', () => {
  assert.equal(proxyTrust([]), false);
  const trust = proxyTrust(['10.0.0.0/8', '::1']);
  assert.ok(trust);
  assert.equal(trust('10.2.3.4', 0), true);
  assert.equal(trust('::ffff:10.2.3.4', 0), true);
  assert.equal(trust('::1', 0), true);
  assert.equal(trust('127.0.0.1', 0), false);
  assert.equal(trust('not-an-ip', 1), false);
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

test('api secret: a secret of only whitespace disables the API as a blank one does, whatever is sent', () => {
  for (const sent of ['  ', '\t', '', 'x']) {
    const verdict = checkApiSecret({ 'x-service-secret': sent }, ' \t ');
    assert.equal(!verdict.ok && verdict.status, 403, JSON.stringify(sent));
  }
});
