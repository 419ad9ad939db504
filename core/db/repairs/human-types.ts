/**
 * Start-up repair (both engines), after the migrations: rewrites human types stored in the spec's neutral
 * spelling (`chat_b:user`, `chat_a:channel`, written by earlier releases that took them as they came) to the
 * real ones (`telegram:user`, `discord:channel`), which are the only ones a platform delivers to.
 * `humans` is keyed by `id` alone, so a rewritten row can never meet another row with the same key: the
 * registration keeps its rules, profiles and settings, only its type changes. Each rewrite is logged at info
 * with the id and both spellings; nothing to do costs one query.
 */
import type { Knex } from 'knex';
import { canonicalHumanType, NEUTRAL_TYPE_HEADS } from '../../human-type.ts';
import type { DbLog } from '../log.ts';

interface TypedRow {
  readonly id: string;
  readonly type: string;
}

/** Returns each rewrite as `<id> <from> -> <to>`. */
export async function canonicaliseHumanTypes(knex: Knex, log: DbLog): Promise<string[]> {
  if (!(await knex.schema.hasTable('humans'))) return [];
  // LIKE is case-insensitive on both engines and `_` matches any character: canonicalHumanType decides
  const candidates: TypedRow[] = await knex('humans')
    .select('id', 'type')
    .where((q) => {
      for (const head of NEUTRAL_TYPE_HEADS) q.orWhere('type', 'like', `${head}%`);
    });
  const done: string[] = [];
  for (const row of candidates) {
    const type = canonicalHumanType(row.type);
    if (type === row.type) continue;
    await knex('humans').where({ id: row.id, type: row.type }).update({ type });
    log.info({ id: row.id, from: row.type, to: type }, 'start-up repair: human type in the neutral spelling rewritten to the real one');
    done.push(`${row.id} ${row.type} -> ${type}`);
  }
  return done;
}
