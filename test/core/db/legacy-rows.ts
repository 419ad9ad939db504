/**
 * Rows written into every table of a freshly loaded PoracleJS 4.8.3 database: accented and other non-ASCII
 * text (all in the Basic Multilingual Plane, so utf8mb3 tables accept it), JSON areas, a bad JSON value,
 * NULLs, floats, dates and explicit uids.
 */
import { adminConnection, type TestDatabase } from '../../helpers/databases.ts';

const U = '111111111111111111';
const G = '-1001234567890';
const W = 'https://discord.com/api/webhooks/1/abc-DEF';
const C = '222222222222222222';

const ROWS = `
INSERT INTO humans (id, type, name, enabled, area, latitude, longitude, fails, last_checked, language, admin_disable, disabled_date,
  current_profile_no, community_membership, area_restriction, notes, blocked_alerts) VALUES
 ('${U}', 'discord:user', 'Zoë Café – Ünïcödé ☕', 1, '["london","île de france"]', 51.5073509, -0.1277583, 0, '2024-01-02 03:04:05', 'de', 0, NULL,
  1, '["community a"]', '["london"]', 'notes with ümlaut', '["monster","raid"]'),
 ('${G}', 'telegram:group', 'Gruppe Straße', 0, '[]', 0, 0, 3, '2023-06-07 08:09:10', NULL, 1, '2024-05-06 07:08:09', 2, '[]', NULL, '', NULL),
 ('${W}', 'webhook', 'hook', 1, 'not json', 48.8566, 2.3522, 0, '2025-02-03 04:05:06', 'fr', 0, NULL, 1, '', NULL, 'cat', NULL),
 ('${C}', 'discord:channel', 'canal-español', 1, '["madrid"]', 40.4168, -3.7038, 0, '2025-02-03 04:05:06', 'es', 0, NULL, 1, '["c"]', '[]', '', '[]');
INSERT INTO profiles (uid, id, profile_no, name, area, latitude, longitude, active_hours) VALUES
 (1, '${U}', 1, 'Home ☕', '["london"]', 51.5, -0.12, '[{"day":1,"hours":"09","mins":0}]'),
 (2, '${U}', 2, 'Travail à Paris', '["île de france"]', 48.85, 2.35, '[]'),
 (7, '${G}', 2, 'Standard', '[]', 0, 0, '');
INSERT INTO monsters (id, ping, clean, pokemon_id, distance, min_iv, max_iv, min_cp, max_cp, min_level, max_level, atk, def, sta, template,
  min_weight, max_weight, form, max_atk, max_def, max_sta, gender, profile_no, min_time, rarity, max_rarity, pvp_ranking_worst,
  pvp_ranking_best, pvp_ranking_min_cp, pvp_ranking_league, pvp_ranking_cap, size, max_size) VALUES
 ('${U}', '<@${U}>', 0, 0, 0, 100, 100, 0, 9000, 0, 55, 0, 0, 0, '1', 0, 9000000, 0, 15, 15, 15, 0, 1, 0, -1, 6, 4096, 1, 1, 0, 0, -1, 5),
 ('${U}', '', 1, 25, 500, -1, 100, 10, 3000, 20, 50, 10, 10, 10, NULL, 0, 9000000, 598, 15, 15, 15, 2, 2, 300, 3, 6, 10, 1, 1400, 1500, 50, 2, 4),
 ('${G}', 'ping ñ', 0, 133, 0, 0, 100, 0, 9000, 0, 55, 0, 0, 0, 'évoli', 0, 9000000, 0, 15, 15, 15, 0, 2, 0, -1, 6, 4096, 1, 1, 0, 0, -1, 5);
INSERT INTO raid (id, ping, clean, pokemon_id, exclusive, template, distance, team, level, form, profile_no, move, evolution, gym_id) VALUES
 ('${U}', '<@&999> ☀', 0, 9000, 0, 'raid tmpl', 0, 4, 5, 0, 1, 9000, 9000, NULL),
 ('${G}', '', 1, 150, NULL, NULL, 1000, 2, 9000, 135, 2, 227, 1, 'gym.é.1');
INSERT INTO egg (id, ping, clean, exclusive, template, distance, team, level, profile_no, gym_id) VALUES
 ('${U}', '', 0, 1, NULL, 0, 4, 90, 1, NULL), ('${C}', 'ça', 1, 0, '2', 250, 1, 5, 1, 'gym-ß');
INSERT INTO quest (id, ping, clean, reward, template, shiny, reward_type, distance, profile_no, form, amount) VALUES
 ('${U}', '', 0, 1, NULL, NULL, 2, 0, 1, 0, 5), ('${U}', 'q', 4, 0, 'quêtes', 1, 7, 800, 2, 0, 0);
INSERT INTO invasion (id, ping, clean, distance, template, gender, grunt_type, profile_no) VALUES
 ('${U}', '', 0, 0, NULL, 0, 'everything', 1), ('${G}', 'x', 1, 100, 'inv', 2, 'dragón', 2);
INSERT INTO lures (id, profile_no, ping, clean, distance, template, lure_id) VALUES
 ('${U}', 1, '', 0, 0, NULL, 0), ('${C}', 1, '@here', 1, 10, 'l', 506);
INSERT INTO nests (id, profile_no, ping, clean, distance, template, pokemon_id, min_spawn_avg, form) VALUES
 ('${U}', 1, '', 0, 0, NULL, 0, 5, 0), ('${G}', 2, 'n', 1, 2000, 'nid', 25, 10, 0);
INSERT INTO gym (id, profile_no, ping, clean, distance, template, team, slot_changes, gym_id, battle_changes) VALUES
 ('${U}', 1, '', 0, 0, '', 4, 1, NULL, 0), ('${C}', 1, 'g', 1, 300, 'arène', 2, 0, 'gym-ß', 1);
INSERT INTO forts (id, profile_no, ping, distance, template, fort_type, include_empty, change_types) VALUES
 ('${U}', 1, '', 0, '1', 'everything', 1, '[]'), ('${W}', 1, 'f', 50, 'fört', 'pokestop', 0, '["name","location"]');
INSERT INTO weather (id, ping, template, clean, \`condition\`, cell, profile_no) VALUES
 ('${U}', '', 1, 0, 3, '9360726887483768832', 1), ('${G}', 'w', 2, 1, 0, '9360726887483768833', 2);
INSERT INTO migrations_lock (\`index\`, is_locked) VALUES (1, 0);
`;

const LATER_ROWS = `
UPDATE raid SET rsvp_changes = 2 WHERE id = '${G}';
UPDATE egg SET rsvp_changes = 1 WHERE id = '${C}';
INSERT INTO maxbattle (id, profile_no, ping, clean, pokemon_id, gmax, template, distance, level, form, move, evolution, station_id) VALUES
 ('${U}', 1, '', 0, 9000, NULL, 'max', 0, 90, 0, 9000, 9000, NULL), ('${C}', 1, 'm', 1, 6, 1, 'g-max é', 500, 9000, 0, 9000, 9000, 'station-ü');
`;

export const LEGACY_IDS = { user: U, group: G, webhook: W, channel: C } as const;

/** Inserts the rows (and, for the later-PoracleJS variant, rows in its extra columns and table). */
export async function seedLegacyRows(db: TestDatabase, laterPoracleJs = false): Promise<void> {
  const conn = await adminConnection({ database: db.options.database, multipleStatements: true });
  try {
    await conn.query(ROWS);
    if (laterPoracleJs) await conn.query(LATER_ROWS);
  } finally {
    await conn.end();
  }
}
