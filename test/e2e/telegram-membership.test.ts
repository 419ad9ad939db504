/**
 * Telegram membership end to end, on both database engines: with `[telegram] check_role` on, a user registers in
 * the registration group with `/poracle`, tracks pikachu, and is then kicked from the group. With role_check_mode
 * "delete" the registration goes with its rules and profile and the user is told goodbye; with "disable-user" it
 * is disabled (admin_disable with a disabled_date, rules kept) and re-enabled when the user is back in the group.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { Knex } from 'knex';
import { forEachDatabase } from '../helpers/databases.ts';
import { fixtureGameData } from '../plugins/monster/support.ts';
import { TG, type ChatWorld } from './chat-world.ts';
import { e2e, type E2E } from './harness.ts';
import { until } from './wait.ts';

const USER = String(TG.user);
const GOODBYE = 'You are no longer in the group, so alerts have stopped.';

async function humanRow(knex: Knex): Promise<{ admin_disable: number; disabled_date: unknown } | undefined> {
  return knex('humans').where({ id: USER }).first('admin_disable', 'disabled_date');
}

async function ruleCount(knex: Knex): Promise<number> {
  return (await knex('monsters').where({ id: USER })).length;
}

/** The app with the check on (as `[chat_b]`, the alias, so the chat world's [telegram] section stays whole). */
async function startWithCheck(db: Parameters<typeof e2e>[0], mode: 'delete' | 'disable-user'): Promise<E2E> {
  const s = await e2e(db, { gameData: await fixtureGameData(), chat: true, config: { general: { role_check_mode: mode }, chat_b: { check_role: true, bot_goodbye_message: GOODBYE } } });
  const { telegram } = s.chat;
  telegram.addUser({ id: TG.user, first_name: 'Misty', username: 'misty' });
  telegram.addUser({ id: TG.admin, first_name: 'Brock', username: 'brock' });
  telegram.setMember(TG.registerGroup, TG.user, 'member');
  telegram.setMember(TG.registerGroup, TG.admin, 'creator');
  await s.start();
  return s;
}

/** Registers the user in the group and gives them a rule. */
async function registerAndTrack(chat: ChatWorld): Promise<void> {
  assert.match(await chat.telegramSays(TG.registerGroup, TG.user, '/poracle'), /^✅/);
  // the greeting follows in the private chat: wait for it, or it could be taken for the answer to /track
  await until(() => chat.telegramTexts(TG.user).some((text) => text.includes('Welcome')), 'the greeting');
  assert.match(await chat.telegramSays(TG.user, TG.user, '/track pikachu'), /^✅/);
}

describe('Telegram membership: a registered user kicked from the registration group', () => {
  test('role_check_mode "delete": the registration goes with its rules and profile', async (t) => {
    await forEachDatabase(
      t,
      async (db) => {
        const s = await startWithCheck(db, 'delete');
        try {
          await registerAndTrack(s.chat);
          assert.equal(await ruleCount(db.knex), 1);
          s.chat.telegram.changeMember(TG.registerGroup, TG.user, { status: 'kicked', by: TG.admin });
          await until(async () => (await humanRow(db.knex)) === undefined, 'the registration deleted');
          assert.equal(await ruleCount(db.knex), 0, 'its rules went with it');
          assert.equal((await db.knex('profiles').where({ id: USER })).length, 0, 'and its profile');
          await until(() => s.chat.telegramTexts(TG.user).includes(GOODBYE), 'the goodbye');
          await until(() => !s.app.state.current.humans.has(USER), 'the user gone from the state');
        } finally {
          await s.stop();
        }
      },
      { migrate: true },
    );
  });

  test('role_check_mode "disable-user": disabled with its rules kept, re-enabled when back in the group', async (t) => {
    await forEachDatabase(
      t,
      async (db) => {
        const s = await startWithCheck(db, 'disable-user');
        try {
          await registerAndTrack(s.chat);
          s.chat.telegram.changeMember(TG.registerGroup, TG.user, { status: 'kicked', by: TG.admin });
          const disabled = await until(async () => {
            const row = await humanRow(db.knex);
            return row && Number(row.admin_disable) === 1 ? row : undefined;
          }, 'the registration disabled');
          assert.notEqual(disabled.disabled_date, null, 'a disable by the check carries its date');
          assert.equal(await ruleCount(db.knex), 1, 'rules kept');
          await until(() => s.chat.telegramTexts(TG.user).includes(GOODBYE), 'the goodbye');

          s.chat.telegram.changeMember(TG.registerGroup, TG.user, { status: 'member', by: TG.admin });
          const back = await until(async () => {
            const row = await humanRow(db.knex);
            return row && Number(row.admin_disable) === 0 ? row : undefined;
          }, 'the registration re-enabled');
          assert.equal(back.disabled_date, null);
          assert.equal(await ruleCount(db.knex), 1);
          assert.equal(s.chat.telegramTexts(TG.user).filter((text) => text === GOODBYE).length, 1, 'one goodbye');
        } finally {
          await s.stop();
        }
      },
      { migrate: true },
    );
  });
});
