/**
 * Monster change events (`[tracking] pokemon_change_tracking`): the scanner sends the same encounter again when
 * something about it changed (encounter-change.ts). A recipient who got an alert about the encounter then gets the
 * change as a reply to it — `monsterChanged` (with `original.*`, the sighting it was told about) for a new species,
 * form, gender or weather boost (also when its rules no longer match: AlertPlugin.followUpKey), the plain `monster`
 * alert again when the IVs arrived; a recipient who got nothing about it before gets the plain alert (the core
 * decides per recipient: AlertPlugin.repliesToEarlier and EditKey.followUpAlertType, with the sent-message memory).
 *
 * The plugin builds this only with the key on: with it off there is no memory and no call per sighting.
 */
import type { EditKey, View } from '../../core/contract.ts';
import type { GameData } from '../../core/gamedata/index.ts';
import { changeTypeOf, encounterStateOf } from './encounter-change.ts';
import { EncounterMemory, rememberUntil, type EncounterChange } from './encounter-memory.ts';
import type { MonsterEvent } from './event.ts';
import { originalView } from './original-view.ts';

/** the alert type of a change replying to a recipient's earlier alert about the encounter */
export const CHANGED_ALERT_TYPE = 'monsterChanged';

/** most encounters remembered at once (about 150 bytes each) */
export const ENCOUNTER_MEMORY_CAPACITY = 200_000;

/** What a sighting is about for the sent-message memory: its encounter. */
export function encounterKey(encounterId: string): string {
  return `monster:${encounterId}`;
}

/**
 * The dedupe key with change tracking on: the default one (`encounterId:cp:disappearTime`) would drop a new
 * species, form or gender reported with the same CP as a repeat.
 */
export function trackingDedupeKey(event: MonsterEvent): string {
  return `${event.encounterId}:${event.stats?.cp ?? ''}:${event.disappearTime}:${event.pokemonId}:${event.form}:${event.gender}`;
}

export class ChangeTracking {
  private readonly memory: EncounterMemory;
  /** the change a sighting brought, for the hooks that run after `observe` (only events that changed are in it) */
  private readonly changes = new WeakMap<MonsterEvent, EncounterChange>();

  constructor(
    capacity: number = ENCOUNTER_MEMORY_CAPACITY,
    private readonly now: () => number = Date.now,
  ) {
    this.memory = new EncounterMemory(capacity);
  }

  /** encounters remembered */
  get size(): number {
    return this.memory.size;
  }

  /** every new (not duplicate) sighting: compared with the encounter's last one when it is remembered */
  observe(event: MonsterEvent, nowMs: number): void {
    const change = this.memory.compareWith(event.encounterId, event, encounterStateOf, nowMs);
    if (change) this.changes.set(event, change);
  }

  /** the change the sighting brought, or undefined */
  changeOf(event: MonsterEvent): EncounterChange | undefined {
    return this.changes.get(event);
  }

  /**
   * The event's EditKey (asked once per event that reached someone): the encounter is remembered from now on, and a
   * change other than the IVs arriving renders as `monsterChanged` for recipients who had an alert about it.
   */
  editKey(event: MonsterEvent): EditKey {
    const nowMs = this.now();
    this.memory.remember(event.encounterId, encounterStateOf(event), event.disappearTime, nowMs);
    const change = this.changes.get(event);
    const key = { key: encounterKey(event.encounterId), until: rememberUntil(event.disappearTime, nowMs) };
    return change && change.kind !== 'encountered' ? { ...key, followUpAlertType: CHANGED_ALERT_TYPE } : key;
  }

  /**
   * For every sighting after `match` (O(1)): a change other than the IVs arriving is news for every earlier
   * recipient, also those whose rules no longer match it — its EditKey; null otherwise.
   */
  followUpKey(event: MonsterEvent): EditKey | null {
    const change = this.changes.get(event);
    if (!change || change.kind === 'encountered') return null;
    return { key: encounterKey(event.encounterId), until: rememberUntil(event.disappearTime, this.now()), followUpAlertType: CHANGED_ALERT_TYPE };
  }

  /** `original.*`, `changeType` and `changeTypeText` in a language, for a sighting that changed; null otherwise */
  languageVariables(event: MonsterEvent, gameData: GameData, lang: string): View | null {
    const change = this.changes.get(event);
    return change ? changeVariables(change, gameData, lang) : null;
  }
}

function changeVariables(change: Pick<EncounterChange, 'kind' | 'original'>, gameData: GameData, lang: string): View {
  const changeType = changeTypeOf(change.kind);
  return {
    original: originalView(change.original, gameData, lang),
    changeType,
    changeKind: change.kind,
    changeTypeText: gameData.translate(`${changeType} change`, lang),
  };
}

/**
 * For previews of `monsterChanged` (the studio, the render API): the previewed sighting as a species change of
 * itself — `original.*` filled from the same sighting — so a template's every change variable has a value to show.
 */
export function exampleChangeVariables(event: MonsterEvent, gameData: GameData, lang: string): View {
  return changeVariables({ kind: 'species', original: encounterStateOf(event) }, gameData, lang);
}
