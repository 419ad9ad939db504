/**
 * `unregister`: removes the target's registration with everything keyed by its id (rules of every table,
 * profiles, saved locations). An admin removes someone else with `user:<id>` / `name:<name>`.
 */
import { done } from '../replies.ts';
import { TEXTS } from '../texts.ts';
import type { CommandDefinition } from '../types.ts';
import { targetOf } from './target-human.ts';

export const unregisterCommand: CommandDefinition = {
  name: 'unregister',
  async run(invocation) {
    const human = targetOf(invocation);
    await invocation.services.stores.humans.delete(human.id);
    return [done(invocation.t(TEXTS.unregistered, { name: human.name }))];
  },
};
