/**
 * Rendered Discord bodies → the message JSON Discord accepts.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { parseColor } from '../../../platforms/webhook/discord-color.ts';
import { buildDiscordMessage, isEmptyMessage } from '../../../platforms/webhook/discord-message.ts';

describe('parseColor', () => {
  test('hex with #, 0x or bare six digits, short #RGB, decimal strings and integers', () => {
    assert.equal(parseColor('#A040A0'), 0xa040a0);
    assert.equal(parseColor('A040A0'), 0xa040a0);
    assert.equal(parseColor('0xA040A0'), 0xa040a0);
    assert.equal(parseColor('705898'), 0x705898, 'six characters are hex even when all digits');
    assert.equal(parseColor('#fff'), 0xffffff);
    assert.equal(parseColor('10502304'), 10502304);
    assert.equal(parseColor('255'), 255);
    assert.equal(parseColor(4243), 4243);
  });

  test('anything else is no colour', () => {
    for (const bad of ['', 'purple', '#GGGGGG', '99999999', -1, 0x1000000, 1.5, null, undefined, {}]) assert.equal(parseColor(bad), undefined, String(bad));
  });
});

describe('buildDiscordMessage', () => {
  test('keeps the spec members, converts the colour and drops blank strings and empty objects', () => {
    const message = buildDiscordMessage({
      content: 'hello',
      username: 'Lure bot',
      avatar_url: 'https://img.example/a.png',
      embed: {
        color: '#A040A0',
        title: 'Pikachu',
        description: 'IV 100',
        url: 'https://maps.example/?q=1,2',
        thumbnail: { url: 'https://img.example/25.png' },
        image: { url: '' },
        footer: { text: '' },
        author: {},
        fields: [{ name: 'CP', value: '2000', inline: true }, { name: '', value: '' }, { name: 'Moves', value: '' }],
        unknownMember: 'x',
      },
    });
    assert.deepEqual(message, {
      content: 'hello',
      embeds: [
        {
          color: 0xa040a0,
          title: 'Pikachu',
          description: 'IV 100',
          url: 'https://maps.example/?q=1,2',
          thumbnail: { url: 'https://img.example/25.png' },
          fields: [
            { name: 'CP', value: '2000', inline: true },
            { name: 'Moves', value: '\u200b' },
          ],
        },
      ],
      username: 'Lure bot',
      avatar_url: 'https://img.example/a.png',
    });
  });

  test('the ping goes in front of the content, or is the content', () => {
    assert.equal(buildDiscordMessage({ content: 'Pikachu!' }, '<@&42>').content, '<@&42> Pikachu!');
    assert.equal(buildDiscordMessage({ embed: { title: 'x' } }, '<@&42>').content, '<@&42>');
    assert.equal(buildDiscordMessage({ content: 'Pikachu!' }, '').content, 'Pikachu!');
  });

  test('an `embeds` array is used as is (normalised), at most ten; invalid URLs and dates are dropped', () => {
    const embeds = Array.from({ length: 12 }, (_, i) => ({ title: `t${i}`, image: { url: 'not a url' }, timestamp: 'never' }));
    const message = buildDiscordMessage({ embeds });
    assert.equal(message.embeds.length, 10);
    assert.deepEqual(message.embeds[0], { title: 't0' });
    assert.equal(buildDiscordMessage({ embed: { title: 'x', timestamp: '1700000000' } }).embeds[0]?.timestamp, '2023-11-14T22:13:20.000Z');
  });

  test("Discord's limits are enforced by truncating", () => {
    const message = buildDiscordMessage({ content: 'c'.repeat(2500), embed: { title: 't'.repeat(300), description: 'd'.repeat(5000) } });
    assert.equal(message.content!.length, 2000);
    assert.ok(message.content!.endsWith('…'));
    assert.equal(message.embeds[0]!.title!.length, 256);
    assert.equal(message.embeds[0]!.description!.length, 4096);
    const many = buildDiscordMessage({ embeds: [{ description: 'a'.repeat(4000) }, { description: 'b'.repeat(4000) }] });
    assert.equal(many.embeds.reduce((n, e) => n + (e.description?.length ?? 0), 0), 6000, 'all embeds together fit 6000');
  });

  test('truncation never splits an emoji', () => {
    const content = buildDiscordMessage({ content: '🦊'.repeat(1500) }).content!;
    assert.ok(content.length <= 2000);
    assert.doesNotMatch(content, /[\ud800-\udbff](?![\udc00-\udfff])/);
  });

  test('a body with no content and only empty embeds is empty', () => {
    assert.ok(isEmptyMessage(buildDiscordMessage({ content: '  ', embed: { title: '', color: '#fff', image: {} } })));
    assert.ok(!isEmptyMessage(buildDiscordMessage({ content: 'x' })));
  });
});

describe('link buttons', () => {
  const rows = [
    [
      { label: 'Map', url: 'https://maps.test/?q=1,2' },
      { label: 'x'.repeat(100), url: 'https://long.test' },
      { label: 'Never shortened', url: '<S<https://maps.test/x>S>' },
    ],
    [{ label: 'Second row', url: 'http://second.test' }],
    [{ label: 'Nothing sendable', url: 'attachment://map.png' }],
  ];

  test('become action rows of link buttons (style 5), labels cut to 80, unsendable urls left out', () => {
    const message = buildDiscordMessage({ content: 'hi' }, '', rows);
    assert.deepEqual(message.components, [
      {
        type: 1,
        components: [
          { type: 2, style: 5, label: 'Map', url: 'https://maps.test/?q=1,2' },
          { type: 2, style: 5, label: `${'x'.repeat(79)}…`, url: 'https://long.test' },
        ],
      },
      { type: 1, components: [{ type: 2, style: 5, label: 'Second row', url: 'http://second.test' }] },
    ]);
  });

  test('no buttons, no components member; buttons alone do not make a message', () => {
    assert.equal('components' in buildDiscordMessage({ content: 'hi' }), false);
    assert.equal('components' in buildDiscordMessage({ content: 'hi' }, '', [[{ label: 'x', url: 'nope' }]]), false);
    assert.ok(isEmptyMessage(buildDiscordMessage({}, '', rows)));
  });
});

