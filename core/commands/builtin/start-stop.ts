/**
 * `start` and `stop`: switch the target's alerts on (also clearing its delivery failure count) and off. Rules,
 * areas and location stay as they are. `stop` with arguments changes nothing (it is a common slip for
 * `untrack`).
 */
import { done, refused, unchanged } from '../replies.ts';
import { TEXTS } from '../texts.ts';
import type { CommandDefinition } from '../types.ts';
import { targetOf } from './target-human.ts';

export const startCommand: CommandDefinition = {
  name: 'start',
  async run(invocation) {
    const human = targetOf(invocation);
    const { t } = invocation;
    if (human.enabled && human.fails === 0) return [unchanged(t(TEXTS.started))];
    await invocation.services.stores.humans.update(human.id, { enabled: true, fails: 0 });
    return [done(t(TEXTS.started))];
  },
};

export const stopCommand: CommandDefinition = {
  name: 'stop',
  async run(invocation) {
    const human = targetOf(invocation);
    const { t, prefix } = invocation;
    if (invocation.args.length > 0) return [refused(t(TEXTS.stopTakesNoArguments, { prefix }))];
    if (!human.enabled) return [unchanged(t(TEXTS.stopped, { prefix }))];
    await invocation.services.stores.humans.update(human.id, { enabled: false });
    return [done(t(TEXTS.stopped, { prefix }))];
  },
};
