import assert from 'node:assert/strict';
import { test } from 'node:test';
import { loggableTargetId } from '../../../core/delivery/redact.ts';

test('webhook URLs lose their token in logs; other ids are unchanged', () => {
  assert.equal(loggableTargetId('https://discord.com/api/webhooks/123/s3cr3t-token'), 'https://discord.com/api/webhooks/123/…');
  assert.equal(loggableTargetId('http://127.0.0.1:9/hooks/a'), 'http://127.0.0.1:9/hooks/a');
  assert.equal(loggableTargetId('123456789012345678'), '123456789012345678');
  assert.equal(loggableTargetId('-1001234:55'), '-1001234:55');
});
