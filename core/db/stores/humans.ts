/**
 * `humans`: one row per alert destination. Deleting a human removes every row keyed by its id (the previous
 * generation relied on FK cascade, which adoption drops). A type written in the spec's neutral spelling
 * (`chat_b:user`) is stored, and looked up, as the real one (`telegram:user`).
 */
import type { Knex } from 'knex';
import { LookoutError } from '../../errors.ts';
import { canonicalHumanType } from '../../human-type.ts';
import type { Human } from '../../model.ts';
import { dialectOf, type Dialect } from '../connect.ts';
import { HUMAN_OWNED_TABLES } from '../tables.ts';
import { movesPlacement, planPlacement, type PlacementChange } from './human-placement.ts';
import { profilePatchRow, rowToProfile } from './profiles.ts';
import {
  fromBool,
  fromDate,
  isUniqueViolation,
  parseNullableStringArray,
  parseStringArray,
  toBool,
  toDate,
  toNullableText,
  toNumber,
  toText,
} from '../codec.ts';

export type NewHuman = Pick<Human, 'id' | 'type' | 'name'> & Partial<Omit<Human, 'id' | 'type' | 'name' | 'lastChecked'>>;
export type HumanPatch = Partial<Omit<Human, 'id' | 'lastChecked'>> & { readonly lastChecked?: Date };
/**
 * One request's change to a human: where it is (areas, location, current profile — kept in step with the
 * current profile's row, see human-placement.ts) and any other fields.
 */
export interface HumanSettings extends PlacementChange {
  readonly fields?: Omit<HumanPatch, 'area' | 'latitude' | 'longitude' | 'currentProfileNo'>;
}
export interface HumanFilter {
  /** one type or several */
  readonly type?: string | readonly string[];
}

type Row = Record<string, unknown>;

export function rowToHuman(row: Row): Human {
  return {
    id: toText(row.id),
    type: toText(row.type),
    name: toText(row.name),
    enabled: toBool(row.enabled),
    area: parseStringArray(row.area),
    latitude: toNumber(row.latitude),
    longitude: toNumber(row.longitude),
    fails: toNumber(row.fails),
    lastChecked: toDate(row.last_checked),
    language: toNullableText(row.language),
    adminDisable: toBool(row.admin_disable),
    disabledDate: toDate(row.disabled_date),
    currentProfileNo: toNumber(row.current_profile_no, 1),
    communityMembership: parseStringArray(row.community_membership),
    areaRestriction: parseNullableStringArray(row.area_restriction),
    notes: toText(row.notes),
    blockedAlerts: parseNullableStringArray(row.blocked_alerts),
  };
}

/** JSON text for a list; undefined stays undefined (not written), null stays NULL. */
function json(list: readonly string[] | null | undefined): string | null | undefined {
  return list === undefined || list === null ? list : JSON.stringify(list);
}

/** Columns for the fields present in the patch (undefined = leave alone). */
function patchToRow(patch: HumanPatch, dialect: Dialect): Row {
  const row: Row = {
    type: patch.type === undefined ? undefined : canonicalHumanType(patch.type),
    name: patch.name,
    enabled: patch.enabled === undefined ? undefined : fromBool(patch.enabled),
    area: json(patch.area),
    latitude: patch.latitude,
    longitude: patch.longitude,
    fails: patch.fails,
    last_checked: patch.lastChecked === undefined ? undefined : fromDate(patch.lastChecked, dialect),
    language: patch.language,
    admin_disable: patch.adminDisable === undefined ? undefined : fromBool(patch.adminDisable),
    disabled_date: patch.disabledDate === undefined ? undefined : fromDate(patch.disabledDate, dialect),
    current_profile_no: patch.currentProfileNo,
    community_membership: json(patch.communityMembership),
    area_restriction: json(patch.areaRestriction),
    notes: patch.notes,
    blocked_alerts: json(patch.blockedAlerts),
  };
  return Object.fromEntries(Object.entries(row).filter(([, v]) => v !== undefined));
}

function newHumanRow(input: NewHuman, dialect: Dialect): Row {
  // TEXT columns have no default: area and community_membership are always written
  const full: HumanPatch = { ...input, area: input.area ?? [], communityMembership: input.communityMembership ?? [] };
  return { id: input.id, ...patchToRow(full, dialect) };
}

export class HumanStore {
  private readonly dialect: Dialect;

  /** @param ownedTables tables emptied of the human's rows on delete (default: every known table keyed by humans.id) */
  constructor(
    private readonly knex: Knex,
    private readonly ownedTables: readonly string[] = HUMAN_OWNED_TABLES,
  ) {
    this.dialect = dialectOf(knex);
  }

  /** Inserts a human; CONFLICT when the id exists. */
  async create(input: NewHuman): Promise<Human> {
    try {
      await this.knex('humans').insert(newHumanRow(input, this.dialect));
    } catch (err) {
      if (isUniqueViolation(err)) throw new LookoutError('CONFLICT', `human ${input.id} already exists`, { id: input.id }, { cause: err });
      throw err;
    }
    return this.require(input.id);
  }

  get(id: string): Promise<Human | null> {
    return this.find(id, this.knex);
  }

  async list(filter: HumanFilter = {}): Promise<Human[]> {
    const query = this.knex('humans').select('*').orderBy('id');
    if (typeof filter.type === 'string') query.where('type', canonicalHumanType(filter.type));
    else if (filter.type) query.whereIn('type', filter.type.map(canonicalHumanType));
    return ((await query) as Row[]).map(rowToHuman);
  }

  /** Every human, for the state snapshot. */
  loadAll(): Promise<Human[]> {
    return this.list();
  }

  /** Updates the given fields; NOT_FOUND when the human does not exist. */
  async update(id: string, patch: HumanPatch): Promise<Human> {
    const row = patchToRow(patch, this.dialect);
    if (Object.keys(row).length > 0) await this.knex('humans').where({ id }).update(row);
    return this.require(id);
  }

  /**
   * Applies `settings` in one transaction: all of it or, on any failure, nothing. NOT_FOUND when the human,
   * or the profile it is to switch to, does not exist.
   */
  async changeSettings(id: string, settings: HumanSettings): Promise<Human> {
    return this.knex.transaction(async (trx) => {
      let placement: HumanPatch = {};
      if (movesPlacement(settings)) {
        const human = await this.require(id, trx);
        const numbers = settings.profileNo === undefined ? [human.currentProfileNo] : [human.currentProfileNo, settings.profileNo];
        const profileRows = (await trx('profiles').where({ id }).whereIn('profile_no', numbers)) as Row[];
        const plan = planPlacement(human, new Map(profileRows.map(rowToProfile).map((p) => [p.profileNo, p])), settings);
        for (const { profileNo, patch } of plan.profiles) await trx('profiles').where({ id, profile_no: profileNo }).update(profilePatchRow(patch));
        placement = plan.human;
      }
      const row = patchToRow({ ...settings.fields, ...placement }, this.dialect);
      if (Object.keys(row).length > 0) await trx('humans').where({ id }).update(row);
      return this.require(id, trx);
    });
  }

  /** Removes the human and every row keyed by its id; false when there was no such human. */
  async delete(id: string): Promise<boolean> {
    return this.knex.transaction(async (trx) => {
      for (const table of this.ownedTables) await trx(table).where({ id }).delete();
      return (await trx('humans').where({ id }).delete()) > 0;
    });
  }

  private async find(id: string, knex: Knex): Promise<Human | null> {
    const row = (await knex('humans').where({ id }).first()) as Row | undefined;
    return row ? rowToHuman(row) : null;
  }

  private async require(id: string, knex: Knex = this.knex): Promise<Human> {
    const human = await this.find(id, knex);
    if (!human) throw new LookoutError('NOT_FOUND', `human ${id} not found`, { id });
    return human;
  }
}
