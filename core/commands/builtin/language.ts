/**
 * `language`: the language of the target's alerts and replies. `language` alone shows it and the choices;
 * `language <code>` sets it. The choices are the languages the game data has translations for, the
 * languages of [general.available_languages], [general] locale and English.
 */
import { done, refused, unchanged } from '../replies.ts';
import { TEXTS } from '../texts.ts';
import type { CommandDefinition, CommandInvocation } from '../types.ts';
import { targetOf } from './target-human.ts';

const normalise = (code: string): string => code.trim().toLowerCase().replace(/_/g, '-');

export function availableLanguages(invocation: CommandInvocation): string[] {
  const { config } = invocation.services;
  const all = [
    'en',
    config.general.locale,
    ...Object.keys(config.general.available_languages),
    ...invocation.services.gameData().sources.languages,
  ].map(normalise);
  return [...new Set(all)].filter((l) => l !== '').sort();
}

export const languageCommand: CommandDefinition = {
  name: 'language',
  async run(invocation) {
    const human = targetOf(invocation);
    const languages = availableLanguages(invocation);
    const { t } = invocation;
    const current = human.language ?? invocation.services.config.general.locale;
    const wanted = invocation.args[0];
    if (wanted === undefined) return [{ text: t(TEXTS.languageIs, { language: current, languages: languages.join(', ') }) }];
    const code = normalise(wanted);
    if (!languages.includes(code)) return [refused(t(TEXTS.languageUnknown, { language: wanted, languages: languages.join(', ') }))];
    if (human.language !== null && normalise(human.language) === code) return [unchanged(t(TEXTS.languageSet, { language: code }))];
    await invocation.services.stores.humans.update(human.id, { language: code });
    return [done(t(TEXTS.languageSet, { language: code }))];
  },
};
