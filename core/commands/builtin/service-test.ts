/**
 * `service-test <kind> [test]` (admins): sends one sample alert to the target only — through the whole
 * pipeline, so its real templates, enrichment and platform are exercised. Without a kind it lists the samples;
 * without a test name it sends the kind's first sample. The sample is moved to the target's location and its
 * times and encounter id are refreshed (test-webhook.ts).
 */
import { randomInt } from 'node:crypto';
import type { Human } from '../../model.ts';
import { done, listing, refused } from '../replies.ts';
import { prepareTestWebhook } from '../test-webhook.ts';
import { TEXTS } from '../texts.ts';
import type { CommandDefinition, CommandInvocation, CommandReply } from '../types.ts';
import { targetOf } from './target-human.ts';

/** A 19-digit id like the scanners' encounter ids. */
function freshEncounterId(): string {
  return `9${String(randomInt(0, 1e9)).padStart(9, '0')}${String(randomInt(0, 1e9)).padStart(9, '0')}`;
}

function kindsListing(invocation: CommandInvocation): CommandReply[] {
  const catalog = invocation.services.testData();
  if (catalog.size === 0) return [{ text: invocation.t(TEXTS.testNoData) }];
  const kinds = [...catalog.entries()].map(([kind, hooks]) => `${kind} (${hooks.map((h) => h.test).join(', ')})`);
  return listing([invocation.t(TEXTS.testKinds, { kinds: [...catalog.keys()].join(', '), prefix: invocation.prefix }), ...kinds.map((k) => `• ${k}`)]);
}

function placeOf(human: Human): { latitude: number; longitude: number } | null {
  return human.latitude === 0 && human.longitude === 0 ? null : { latitude: human.latitude, longitude: human.longitude };
}

export const serviceTestCommand: CommandDefinition = {
  name: 'service-test',
  // the previous generation's name for it
  aliases: ['poracle-test'],
  adminOnly: true,
  async run(invocation) {
    const human = targetOf(invocation);
    const { t } = invocation;
    const [kind, test] = invocation.args;
    if (kind === undefined) return kindsListing(invocation);
    const catalog = invocation.services.testData();
    const samples = catalog.get(kind);
    if (!samples || samples.length === 0) return [refused(t(TEXTS.testUnknownKind, { kind, kinds: [...catalog.keys()].join(', ') }))];
    const sample = test === undefined ? samples[0]! : samples.find((s) => s.test.toLowerCase() === test);
    if (!sample) return [refused(t(TEXTS.testUnknownName, { kind, test: test ?? '', tests: samples.map((s) => s.test).join(', ') }))];
    const webhook = prepareTestWebhook(sample, placeOf(human), Date.now(), freshEncounterId());
    await invocation.services.injectWebhook(sample.type, webhook, human);
    return [done(t(TEXTS.testSent, { kind, test: sample.test }))];
  },
};
