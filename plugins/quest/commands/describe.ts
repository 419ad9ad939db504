/**
 * One `quest` row as a line of text for `tracked` and the command replies: `Reward: **Pikachu**`,
 * `Reward: **Stardust** | at least 500`, `Reward: **Squirtle Mega Energy**`, then the non-default parts
 * (minimum amount, shiny, distance, template, clean, summary). The location / area override is added by the caller.
 */
import type { TrackingRow } from '../../../core/model.ts';
import type { DescribeContext } from '../../../core/contract.ts';
import { intColumn, templateColumn } from '../../../core/match/index.ts';
import { REWARD } from '../event.ts';
import { rewardTypeName, translator } from '../quest-text.ts';
import { SUMMARY_BIT } from '../summary/service.ts';

function rewardName(type: number, reward: number, form: number, ctx: DescribeContext): string {
  const { gameData, language, t } = ctx;
  const pokemon = (label: string): string => (reward === 0 ? t(`Any ${label}`) : `${gameData.pokemonName(reward, language)} ${t(label)}`);
  switch (type) {
    case REWARD.pokemon: {
      if (reward === 0) return t('Any pokemon');
      const formName = form !== 0 ? gameData.formName(form, language) : '';
      const name = gameData.pokemonName(reward, language);
      return formName ? `${name} ${formName}` : name;
    }
    case REWARD.item:
      return reward === 0 ? t('Any item') : gameData.itemName(reward, language);
    case REWARD.stardust:
      return t('Stardust');
    case REWARD.candy:
      return pokemon('Candy');
    case REWARD.xlCandy:
      return pokemon('XL Candy');
    case REWARD.megaEnergy:
      return pokemon('Mega Energy');
    default:
      return rewardTypeName(type, gameData, language, translator(gameData, language)) ?? t('Reward type {type}', { type });
  }
}

export function describeQuestRule(row: TrackingRow, ctx: DescribeContext): string {
  const t = ctx.t;
  const type = intColumn(row, 'reward_type', 0);
  const reward = intColumn(row, 'reward', 0);
  const parts = [t('Reward: {reward}', { reward: `**${rewardName(type, reward, intColumn(row, 'form', 0), ctx)}**` })];
  if (type === REWARD.stardust && reward > 0) parts.push(t('at least {amount}', { amount: reward }));
  const amount = intColumn(row, 'amount', 0);
  if (amount > 0) parts.push(t('amount: {amount}+', { amount }));
  if (intColumn(row, 'shiny', 0) === 1) parts.push(t('shiny'));
  const distance = intColumn(row, 'distance', 0);
  if (distance > 0) parts.push(t('distance: {distance}m', { distance }));
  const template = templateColumn(row);
  if (template !== null) parts.push(t('template: {template}', { template }));
  const clean = intColumn(row, 'clean', 0);
  if ((clean & ~SUMMARY_BIT) !== 0) parts.push(t('clean'));
  if ((clean & SUMMARY_BIT) !== 0) parts.push(t('summary'));
  return parts.join(' | ');
}
