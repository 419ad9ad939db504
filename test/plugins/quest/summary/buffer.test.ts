/**
 * The held quests in memory and on disk: one entry per reward, stop and AR flag (a repeat replaces it, keeping both
 * clean bits), oldest first, taken out whole; the sweep drops what ended and what is held too long, counting each;
 * the file round-trips the entries and skips what it cannot read back.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { silentLogger } from '../../../../core/log/logger.ts';
import { SummaryBuffer, rewardKeyOf, type HeldQuest } from '../../../../plugins/quest/summary/buffer.ts';
import { BufferFile, SUMMARY_BUFFER_FILE } from '../../../../plugins/quest/summary/buffer-file.ts';
import type { QuestEvent } from '../../../../plugins/quest/event.ts';
import { ManualClock } from '../../../helpers/manual-clock.ts';

function quest(stop: string, extra: Partial<HeldQuest> = {}, withAr = false): HeldQuest {
  const event = { pokestopId: stop, latitude: 48.1, longitude: 11.5, withAr, rewards: [{ type: 2, itemId: 1301, amount: 3, pokemonId: 0, formId: 0 }] } as unknown as QuestEvent;
  return { ...rewardKeyOf(event), event, expiresAt: 10_000, heldAt: 100, clean: 0, ...extra };
}

describe('the summary buffer', () => {
  it('groups by the first reward: item id, stardust amount, pokemon and form, pokemon of candy and energy', () => {
    const of = (rewards: unknown[]) => rewardKeyOf({ rewards } as unknown as QuestEvent);
    assert.deepEqual(of([{ type: 2, itemId: 1301, amount: 3 }]), { rewardType: 2, reward: 1301, form: 0 });
    assert.deepEqual(of([{ type: 3, amount: 500 }]), { rewardType: 3, reward: 500, form: 0 });
    assert.deepEqual(of([{ type: 7, pokemonId: 327, formId: 8 }]), { rewardType: 7, reward: 327, form: 8 });
    assert.deepEqual(of([{ type: 12, pokemonId: 6, amount: 20 }]), { rewardType: 12, reward: 6, form: 0 });
    assert.deepEqual(of([]), { rewardType: 0, reward: 0, form: 0 });
  });

  it('one entry per reward, stop and AR flag; a repeat replaces it and keeps both clean bits', () => {
    const buffer = new SummaryBuffer();
    buffer.hold('ash', quest('a', { clean: 1, heldAt: 1 }));
    buffer.hold('ash', quest('a', { clean: 0, heldAt: 5 }));
    buffer.hold('ash', quest('a', { heldAt: 3 }, true));
    buffer.hold('misty', quest('b'));
    assert.equal(buffer.size, 3);
    assert.equal(buffer.countFor('ash'), 2);
    assert.deepEqual(buffer.list('ash').map((q) => [q.event.withAr, q.heldAt, q.clean]), [[true, 3, 0], [false, 5, 1]]);
    assert.equal(buffer.take('ash').length, 2);
    assert.deepEqual([buffer.size, buffer.countFor('ash'), buffer.holders()], [1, 0, ['misty']]);
  });

  it('the sweep drops what ended and what is held too long', () => {
    const buffer = new SummaryBuffer();
    buffer.hold('ash', quest('ended', { expiresAt: 500 }));
    buffer.hold('ash', quest('old', { heldAt: 0, expiresAt: 90_000 }));
    buffer.hold('ash', quest('fine', { heldAt: 900, expiresAt: 90_000 }));
    assert.deepEqual(buffer.sweep(1000, 500), { expired: 1, stale: 1 });
    assert.deepEqual(buffer.list('ash').map((q) => q.event.pokestopId), ['fine']);
    assert.deepEqual(buffer.sweep(1000, 0), { expired: 0, stale: 0 }, 'no age limit');
    assert.equal(buffer.size, 1);
  });

  it('the file keeps the entries (written after the delay) and skips what it cannot read back', async () => {
    const rootDir = mkdtempSync(join(tmpdir(), 'quest-buffer-'));
    const clock = new ManualClock(0);
    const buffer = new SummaryBuffer();
    const file = new BufferFile(buffer, { rootDir, log: silentLogger(), clock, debounceMs: 1000 });
    buffer.hold('ash', quest('a', { clean: 1 }));
    file.changed();
    file.changed();
    assert.deepEqual(clock.pending(), [1000], 'one write for both changes');
    await clock.advanceTo(1000);
    await file.flush();
    const path = join(rootDir, SUMMARY_BUFFER_FILE);
    const stored = JSON.parse(readFileSync(path, 'utf8')) as { version: number; humans: Record<string, unknown[]> };
    assert.equal(stored.version, 1);
    stored.humans['ash']!.push({ rewardType: 2 }, 'junk');
    writeFileSync(path, JSON.stringify(stored));

    const restored = new SummaryBuffer();
    assert.deepEqual(await new BufferFile(restored, { rootDir, log: silentLogger(), clock }).load(), { restored: 1, skipped: 2 });
    assert.deepEqual(restored.list('ash').map((q) => [q.event.pokestopId, q.clean, q.rewardType, q.reward]), [['a', 1, 2, 1301]]);
  });
});
