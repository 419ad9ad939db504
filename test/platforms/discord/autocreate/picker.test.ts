/**
 * The picker's layout: five buttons a row, five rows a message, further messages for more threads, the embed on
 * the first only; Discord's style numbers; custom ids that read back (also the previous generation's).
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { parsePickerCustomId, pickerCustomId, pickerMessages, type PickerButton } from '../../../../platforms/discord/autocreate/picker.ts';

const buttons = (n: number): PickerButton[] => Array.from({ length: n }, (_, i) => ({ threadId: String(900 + i), label: `T${i + 1}`, style: 'secondary' }));
const layout = (n: number): number[][] => pickerMessages({ masterChannelId: '42', embedTitle: 'Pick', embedDescription: '', buttons: buttons(n) }).map((m) => m.components.map((row) => row.components.length));

describe('thread picker layout', () => {
  test('rows of five, messages of 25', () => {
    assert.deepEqual(layout(0), []);
    assert.deepEqual(layout(1), [[1]]);
    assert.deepEqual(layout(5), [[5]]);
    assert.deepEqual(layout(6), [[5, 1]]);
    assert.deepEqual(layout(25), [[5, 5, 5, 5, 5]]);
    assert.deepEqual(layout(26), [[5, 5, 5, 5, 5], [1]]);
    assert.deepEqual(layout(30), [[5, 5, 5, 5, 5], [5]]);
    assert.deepEqual(layout(51), [[5, 5, 5, 5, 5], [5, 5, 5, 5, 5], [1]]);
  });

  test('only the first message has the embed, and none without a title or description', () => {
    const messages = pickerMessages({ masterChannelId: '42', embedTitle: 'Area alerts', embedDescription: 'Click', buttons: buttons(30) });
    assert.deepEqual(messages[0]!.embeds, [{ title: 'Area alerts', description: 'Click' }]);
    assert.deepEqual(messages[1]!.embeds, []);
    assert.deepEqual(pickerMessages({ masterChannelId: '42', embedTitle: ' ', embedDescription: '', buttons: buttons(1) })[0]!.embeds, []);
  });

  test('buttons carry the style, the label (at most 80 characters) and the custom id', () => {
    const [message] = pickerMessages({
      masterChannelId: '42',
      embedTitle: '',
      embedDescription: '',
      buttons: [
        { threadId: '7', label: '💯 Hundos', style: 'success' },
        { threadId: '8', label: 'x'.repeat(100), style: 'danger' },
        { threadId: '9', label: 'P', style: 'primary' },
      ],
    });
    const row = message!.components[0]!;
    assert.equal(row.type, 1);
    assert.deepEqual(row.components.map((b) => [b.type, b.style, b.custom_id]), [[2, 3, 'service:thread:42:7:join'], [2, 4, 'service:thread:42:8:join'], [2, 1, 'service:thread:42:9:join']]);
    assert.equal(row.components[0]!.label, '💯 Hundos');
    assert.equal([...row.components[1]!.label].length, 80);
  });

  test('custom ids read back; other buttons are not picker buttons', () => {
    assert.deepEqual(parsePickerCustomId(pickerCustomId('123', '456')), { masterChannelId: '123', threadId: '456' });
    assert.deepEqual(parsePickerCustomId('poracle:thread:1:2:join'), { masterChannelId: '1', threadId: '2' });
    assert.equal(parsePickerCustomId('service:thread:1:2:leave'), null);
    assert.equal(parsePickerCustomId('join:area'), null);
  });
});
