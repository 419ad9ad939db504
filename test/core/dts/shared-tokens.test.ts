import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { bodyFiller, printsAsIs, sharedToken, textFiller } from '../../../core/dts/shared-tokens.ts';

const [T0, T1] = [sharedToken(0), sharedToken(1)];

describe('shared render tokens', () => {
  it('fills every token of a text, repeated, adjacent or at the ends, and keeps text without tokens as it is', () => {
    const fill = textFiller(`${T0}m away, ${T1}° ${T0}${T1}!${T1}`);
    assert.equal(fill(['120', '45']), '120m away, 45° 12045!45');
    assert.equal(fill(['7', '']), '7m away, ° 7!');
    assert.equal(textFiller('no tokens')(['1']), 'no tokens');
    assert.equal(textFiller(T0)(['only']), 'only');
    assert.equal(textFiller(`${sharedToken(3)}`)(['a']), '', 'a token without a value is empty');
  });

  it('gives every recipient its own copy of the body, with strings filled where tokens are', () => {
    const body = { content: `${T0} m`, embeds: [{ title: 'Pikachu', fields: [{ name: 'dist', value: `${T0}/${T1}` }], color: 3, inline: true, none: null }] };
    const fill = bodyFiller(body);
    const a = fill(['100', 'N']) as typeof body;
    const b = fill(['250', 'S']) as typeof body;
    assert.deepEqual(a, { content: '100 m', embeds: [{ title: 'Pikachu', fields: [{ name: 'dist', value: '100/N' }], color: 3, inline: true, none: null }] });
    assert.equal(b.embeds[0]!.fields[0]!.value, '250/S');
    assert.notEqual(a.embeds, b.embeds);
    assert.notEqual(a.embeds[0], b.embeds[0]);
    a.embeds[0]!.title = 'changed';
    assert.equal(b.embeds[0]!.title, 'Pikachu', "changing one recipient's message leaves the others alone");
    assert.equal(body.content, `${T0} m`, 'the rendered body itself is not changed');
  });

  it('fills in only values Handlebars would print unchanged', () => {
    assert.equal(printsAsIs('1200'), true);
    assert.equal(printsAsIs('↗'), true);
    assert.equal(printsAsIs('a & b'), false);
    assert.equal(printsAsIs(T0), false);
  });
});
