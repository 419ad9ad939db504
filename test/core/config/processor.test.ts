import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { configFromObject } from '../../../core/config/index.ts';
import { configErrorOf } from './expect-config-error.ts';

function refusal(raw: unknown): string {
  return configErrorOf(() => configFromObject(raw, 'config/config.toml')).message;
}

describe('[processor] address lists', () => {
  test('IPv4 and IPv6 addresses and CIDR blocks are accepted in ip_whitelist, ip_blacklist and trust_proxy', () => {
    const lists = ['10.0.0.1', '10.0.0.0/8', '::1', '2001:db8::/32', '::ffff:192.0.2.1', '0.0.0.0/0'];
    const { config, warnings } = configFromObject({ processor: { ip_whitelist: lists, ip_blacklist: lists, trust_proxy: lists } }, 'config/config.toml');
    assert.deepEqual([config.processor.ip_whitelist, config.processor.ip_blacklist, config.processor.trust_proxy], [lists, lists, lists]);
    assert.deepEqual(warnings, []);
    assert.deepEqual(configFromObject({}).config.processor.trust_proxy, [], 'trust_proxy is off by default');
  });

  test('an entry that is not an address or CIDR block stops the start with a message naming the key and the entry', () => {
    for (const key of ['ip_whitelist', 'ip_blacklist', 'trust_proxy']) {
      for (const entry of ['proxy.example', '10.0.0.0/33', '2001:db8::/129', '10.0.0.1/', '10.0.0', '']) {
        const message = refusal({ processor: { [key]: ['127.0.0.1', entry] } });
        assert.match(message, new RegExp(`^config/config\\.toml: processor\\.${key}\\[1\\] must be an IP address or CIDR block`), `${key} ${entry}`);
        assert.ok(message.endsWith(`found string ${JSON.stringify(entry)}`), message);
      }
    }
  });
});

describe('[processor] api_secret', () => {
  test('a secret of only whitespace is read as blank (API disabled), with a warning', () => {
    for (const secret of [' ', '\t  ', '\n']) {
      const { config, warnings } = configFromObject({ processor: { api_secret: secret } }, 'config/config.toml');
      assert.equal(config.processor.api_secret, '');
      assert.deepEqual(warnings, ['config/config.toml: processor.api_secret is only whitespace and is read as blank: the authenticated API is disabled']);
    }
  });

  test('a blank secret gives no warning; a real one (spaces inside or around included) is kept as written', () => {
    assert.deepEqual(configFromObject({ processor: { api_secret: '' } }).warnings, []);
    const { config, warnings } = configFromObject({ processor: { api_secret: ' s3 cret ' } });
    assert.equal(config.processor.api_secret, ' s3 cret ');
    assert.deepEqual(warnings, []);
  });

  test('the legacy [alerter] secret of only whitespace is read as blank too', () => {
    const { config, warnings } = configFromObject({ alerter: { api_secret: '   ' } }, 'config/config.toml');
    assert.equal(config.processor.api_secret, '');
    assert.equal(warnings.length, 1);
  });
});
