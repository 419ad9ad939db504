/**
 * The parse hook: a Golbat or RDM `quest` webhook → QuestEvent, or the reason it cannot be used. Accepts the
 * older spellings too: `name`/`url` for the stop, `quest_task` text, a missing `with_ar`
 * (= not an AR quest), `shiny` as 0/1, and rewards whose `info` is missing.
 */
import type { ParseOutcome } from '../../core/contract.ts';
import { asPayload, PayloadFields } from '../../core/payload/index.ts';
import type { QuestCondition, QuestEvent, QuestReward } from './event.ts';

const ID = { min: 0 };

function readReward(raw: unknown, index: number, f: PayloadFields): QuestReward | null {
  const entry = asPayload(raw);
  if (!entry) {
    f.report(`rewards[${index}] must be an object`);
    return null;
  }
  const outer = new PayloadFields(entry);
  const type = outer.requiredInt('type', ID);
  const info = outer.value('info');
  const infoPayload = info === undefined || info === null ? {} : asPayload(info);
  if (!infoPayload) outer.report('info must be an object');
  const r = new PayloadFields(infoPayload ?? {});
  const reward: QuestReward = {
    type,
    amount: r.optionalInt('amount', 0, ID),
    itemId: r.optionalInt('item_id', 0, ID),
    pokemonId: r.optionalInt('pokemon_id', 0, ID),
    formId: r.optionalInt('form_id', 0, ID),
    costumeId: r.optionalInt('costume_id', 0, ID),
    genderId: r.optionalInt('gender_id', 0, { min: 0, max: 3 }),
    shiny: r.optionalBool('shiny', false),
    stickerId: r.optionalString('sticker_id'),
    levelCap: r.optionalInt('level_cap', 0, ID),
  };
  const problem = outer.problem ?? r.problem;
  if (problem) {
    f.report(`rewards[${index}]: ${problem}`);
    return null;
  }
  return reward;
}

function readConditions(f: PayloadFields): QuestCondition[] {
  const raw = f.value('conditions');
  if (raw === undefined || raw === null) return [];
  if (!Array.isArray(raw)) {
    f.report('conditions must be an array');
    return [];
  }
  const out: QuestCondition[] = [];
  raw.forEach((entry, i) => {
    const c = asPayload(entry);
    const type = c ? c['type'] : undefined;
    if (!c || typeof type !== 'number' || !Number.isInteger(type)) {
      f.report(`conditions[${i}] must be an object with an integer type`);
      return;
    }
    out.push({ type, info: asPayload(c['info']) ?? {} });
  });
  return out;
}

function readRewards(f: PayloadFields): QuestReward[] {
  const raw = f.value('rewards');
  if (raw === undefined || raw === null) return [];
  if (!Array.isArray(raw)) {
    f.report('rewards must be an array');
    return [];
  }
  return raw.map((entry, i) => readReward(entry, i, f)).filter((r): r is QuestReward => r !== null);
}

export function parseQuest(raw: unknown, nowMs: number): ParseOutcome<QuestEvent> {
  const payload = asPayload(raw);
  if (!payload) return { ok: false, reason: 'quest message must be an object' };
  const f = new PayloadFields(payload);
  const pokestopId = f.requiredString('pokestop_id');
  const { latitude, longitude } = f.coordinates();
  const rewards = readRewards(f);
  const updated = f.optionalInt('updated', 0, ID);
  const event: QuestEvent = {
    pokestopId,
    latitude,
    longitude,
    stopName: f.optionalString('pokestop_name') || f.optionalString('name'),
    stopUrl: f.optionalString('pokestop_url') || f.optionalString('url'),
    questType: f.optionalInt('type', 0, ID),
    target: f.optionalInt('target', 0, ID),
    template: f.optionalString('template'),
    title: f.optionalString('title'),
    questTask: f.optionalString('quest_task'),
    conditions: readConditions(f),
    rewards,
    withAr: f.optionalBool('with_ar', false),
    seenAt: updated > 0 ? updated : Math.floor(nowMs / 1000),
    raw: payload,
  };
  const problem = f.problem;
  if (problem) return { ok: false, reason: problem };
  if (rewards.length === 0) return { ok: false, reason: 'rewards must list at least one reward' };
  return { ok: true, event };
}
