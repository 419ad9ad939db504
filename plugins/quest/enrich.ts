/**
 * The enrich hooks: the quest variables once per event in English, then per recipient language (the task and
 * reward texts, the reward lists and names translated). The names the previous generations gave the same
 * values (`name`, `url`, `itemAmount`, `distime`…; README.md) are set in the same objects. The webhook's own
 * fields stay underneath, so templates written for the previous generation find them.
 */
import type { View, ViewScope } from '../../core/contract.ts';
import type { EventClock } from '../../core/enrich/event-clock.ts';
import type { MapSiteLinks } from '../../core/enrich/map-sites.ts';
import { shinyOdds, type ShinyRate } from '../../core/enrich/shiny-rates.ts';
import type { GameData } from '../../core/gamedata/index.ts';
import type { Icons, IconSet } from '../../core/icons/index.ts';
import { REWARD, type QuestEvent, type QuestReward } from './event.ts';
import { questString, rewardString, rewardText, rewardTypeName, translator } from './quest-text.ts';
import { rewardLists } from './reward-lists.ts';

/** The image URLs of a quest's first reward (empty strings when no icon set is configured). */
export interface QuestImages {
  readonly imgUrl: string;
  readonly imgUrlAlt: string;
  readonly stickerUrl: string;
}

/** The picture of one reward in one icon repository (a shiny picture only when `shinyImages`). */
export function rewardIcon(set: IconSet, reward: QuestReward, shinyImages: boolean): string {
  switch (reward.type) {
    case REWARD.pokemon:
      return set.pokemon(reward.pokemonId, { form: reward.formId, costume: reward.costumeId, gender: reward.genderId, shiny: shinyImages && reward.shiny });
    case REWARD.item:
      return set.reward('item', reward.itemId, reward.amount);
    case REWARD.stardust:
      return set.reward('stardust', reward.amount);
    case REWARD.candy:
      return set.reward('candy', reward.pokemonId, reward.amount);
    case REWARD.xlCandy:
      return set.reward('xl_candy', reward.pokemonId, reward.amount);
    case REWARD.megaEnergy:
      return set.reward('mega_resource', reward.pokemonId, reward.amount);
    case REWARD.experience:
      return set.reward('experience', reward.amount);
    case REWARD.pokecoin:
      return set.reward('pokecoin', reward.amount);
    default:
      return set.pokestop();
  }
}

export function questImages(icons: Icons | undefined, event: QuestEvent, shinyImages: boolean): QuestImages {
  const first = event.rewards[0];
  if (!icons || !first) return { imgUrl: '', imgUrlAlt: '', stickerUrl: '' };
  const alt = icons.alt();
  const sticker = icons.sticker();
  const icon = (set: IconSet): string => rewardIcon(set, first, shinyImages);
  return { imgUrl: icon(icons.image()), imgUrlAlt: alt ? icon(alt) : '', stickerUrl: sticker ? icon(sticker) : '' };
}

function ofType(event: QuestEvent, ...types: number[]): QuestReward[] {
  return event.rewards.filter((r) => types.includes(r.type));
}

/** The texts and lists that change with the language. */
function languageVariables(event: QuestEvent, gameData: GameData, lang: string): Record<string, unknown> {
  const t = translator(gameData, lang);
  const names = (rewards: readonly QuestReward[]): string => rewards.map((r) => rewardText(r, gameData, lang, t)).join(', ');
  const first = event.rewards[0];
  const lists = rewardLists(event, gameData, lang, t);
  return {
    questString: questString(event, gameData, lang, t),
    rewardString: rewardString(event, gameData, lang, t),
    rewardTypeName: first ? (rewardTypeName(first.type, gameData, lang, t) ?? '') : '',
    monsterNames: names(ofType(event, REWARD.pokemon)),
    itemNames: names(ofType(event, REWARD.item)),
    candyMonstersNames: names(ofType(event, REWARD.candy, REWARD.xlCandy)),
    energyMonstersNames: names(ofType(event, REWARD.megaEnergy)),
    monsters: lists.monsters,
    monsterList: lists.monsters,
    items: lists.items,
    energyMonsters: lists.energyMonsters,
    candy: lists.candy,
    dustText: lists.dustText,
    // the previous generation's container of the lists
    rewardData: { monsters: lists.monsters, items: lists.items, dustAmount: lists.dustAmount, energyMonsters: lists.energyMonsters, candy: lists.candy },
    conditionList: lists.conditionList,
    conditionString: lists.conditionString,
  };
}

/** What the quest's view needs besides the event and the game data. */
export interface QuestViewContext {
  readonly images: QuestImages;
  /** formats the end of the quest's day in the stop's zone ([locale] time) */
  readonly clock: EventClock;
  /** unix ms the quest expires (the next local midnight) */
  readonly expiresAt: number;
  /** links to the stop on the configured scanner map sites */
  readonly mapLinks: MapSiteLinks;
  /** the shiny rate of the first pokemon reward's species (the core's shiny rates), null when unknown */
  readonly shinyRate: ShinyRate | null;
}

/** four decimals, as a number (the previous generation's `lat`/`lon`) */
function fourDecimals(value: number): number {
  return Math.round(value * 10_000) / 10_000;
}

export function questView(event: QuestEvent, gameData: GameData, context: QuestViewContext): View {
  const english = languageVariables(event, gameData, 'en');
  const dust = ofType(event, REWARD.stardust).reduce((sum, r) => sum + r.amount, 0);
  // the previous generations ended a quest at 23:59:59 of its day
  const endOfDay = Math.floor(context.expiresAt / 1000) - 1;
  const ends = context.clock.time(endOfDay, context.clock.zoneAt(event.latitude, event.longitude));
  const firstAmount = (type: number): number => ofType(event, type)[0]?.amount ?? 0;
  const firstMonster = ofType(event, REWARD.pokemon)[0];
  return {
    ...event.raw,
    pokestopId: event.pokestopId,
    stopName: event.stopName,
    pokestopName: event.stopName,
    name: event.stopName,
    stopUrl: event.stopUrl,
    pokestopUrl: event.stopUrl,
    url: event.stopUrl,
    lat: fourDecimals(event.latitude),
    lon: fourDecimals(event.longitude),
    disappearTime: ends,
    distime: ends,
    disTime: ends,
    disappear_time: endOfDay,
    futureEvent: false,
    futureEventName: '',
    futureEventTime: '',
    futureEventTrigger: '',
    with_ar: event.withAr,
    withAr: event.withAr,
    questType: event.questType,
    questTarget: event.target,
    questTemplate: event.template,
    questTitle: event.title,
    ...english,
    questStringEng: english['questString'],
    rewardStringEng: english['rewardString'],
    monsterNamesEng: english['monsterNames'],
    itemNamesEng: english['itemNames'],
    candyMonstersNamesEng: english['candyMonstersNames'],
    energyMonstersNamesEng: english['energyMonstersNames'],
    dustTextEng: english['dustText'],
    conditionStringEng: english['conditionString'],
    conditionListEng: english['conditionList'],
    rewardType: event.rewards[0]?.type ?? 0,
    rewardTypes: event.rewards.map((r) => r.type),
    rewardAmount: event.rewards[0]?.amount ?? 0,
    dustAmount: dust,
    itemAmount: firstAmount(REWARD.item),
    energyAmount: firstAmount(REWARD.megaEnergy),
    candyAmount: firstAmount(REWARD.candy),
    isShiny: event.rewards.some((r) => r.type === REWARD.pokemon && r.shiny),
    shinyPossible: firstMonster !== undefined && (context.shinyRate?.shiny ?? 0) > 0,
    shinyPossibleEmoji: '',
    shinyStats: firstMonster ? shinyOdds(context.shinyRate) : '',
    baseStats: firstMonster ? gameData.pokemon(firstMonster.pokemonId, firstMonster.formId).baseStats : null,
    rewards: event.rewards.map((r) => ({ ...r })),
    ...context.mapLinks,
    ...context.images,
  };
}

/** `shinyPossible` is the base view's. */
export function questLanguageView(event: QuestEvent, gameData: GameData, scope: ViewScope, shinyPossible = false): View {
  return { ...languageVariables(event, gameData, scope.language), shinyPossibleEmoji: shinyPossible ? gameData.emoji('shiny', scope.platform) : '' };
}
