/**
 * Summary schedules as pure functions: the stored JSON (numbers or numeric strings, ranges, refusals), the fire
 * points of a range, when a schedule is due (the ten-minute window, across an hour and midnight), the local time
 * in a zone (summer and winter time) and the scheduler's wake-up marks.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { firePoints, formatActiveHours, localMoment, nextWake, parseActiveHours, scheduleDue, ScheduleFormatError } from '../../../../plugins/quest/summary/schedule.ts';

describe('summary schedule', () => {
  it('reads the stored shape: numbers or numeric strings, ranges, and empty placeholders', () => {
    assert.deepEqual(parseActiveHours(''), []);
    assert.deepEqual(parseActiveHours('[]'), []);
    assert.deepEqual(parseActiveHours('{}'), []);
    assert.deepEqual(parseActiveHours('[{"day":1,"hours":"07","mins":"30"}]'), [{ day: 1, hours: 7, mins: 30 }]);
    assert.deepEqual(parseActiveHours('[{"day":2,"hours":9,"mins":0,"end_hours":17,"end_mins":0,"step":2}]'), [{ day: 2, hours: 9, mins: 0, end_hours: 17, end_mins: 0, step: 2 }]);
  });

  it('refuses what the scheduler could not read', () => {
    for (const bad of ['not json', '{"day":1}', '[null]', '[{"day":8,"hours":1,"mins":0}]', '[{"day":1,"hours":24,"mins":0}]', '[{"day":1,"hours":"x","mins":0}]', '[{"day":1,"hours":10,"mins":0,"end_hours":9,"step":1}]']) {
      assert.throws(() => parseActiveHours(bad), ScheduleFormatError, bad);
    }
  });

  it('writes entries back in the stored shape', () => {
    const text = formatActiveHours([{ day: 1, hours: 7, mins: 30 }, { day: 6, hours: 9, mins: 0, end_hours: 17, end_mins: 0, step: 4 }]);
    assert.equal(text, '[{"day":1,"hours":7,"mins":30},{"day":6,"hours":9,"mins":0,"end_hours":17,"end_mins":0,"step":4}]');
    assert.deepEqual(parseActiveHours(text)[1], { day: 6, hours: 9, mins: 0, end_hours: 17, end_mins: 0, step: 4 });
  });

  it('a range fires every step hours up to its end, inclusive', () => {
    assert.deepEqual(firePoints({ day: 1, hours: 9, mins: 0, end_hours: 17, end_mins: 0, step: 2 }), [[9, 0], [11, 0], [13, 0], [15, 0], [17, 0]]);
    assert.deepEqual(firePoints({ day: 1, hours: 8, mins: 30, end_hours: 10, end_mins: 0, step: 1 }), [[8, 30], [9, 30]]);
    assert.deepEqual(firePoints({ day: 1, hours: 8, mins: 5 }), [[8, 5]]);
  });

  it('is due from its minute for ten minutes, on its day only', () => {
    const monday0730 = [{ day: 1, hours: 7, mins: 30 }];
    assert.equal(scheduleDue(monday0730, { day: 1, hour: 7, minute: 29 }), false);
    assert.equal(scheduleDue(monday0730, { day: 1, hour: 7, minute: 30 }), true);
    assert.equal(scheduleDue(monday0730, { day: 1, hour: 7, minute: 39 }), true);
    assert.equal(scheduleDue(monday0730, { day: 1, hour: 7, minute: 40 }), false);
    assert.equal(scheduleDue(monday0730, { day: 2, hour: 7, minute: 30 }), false);
  });

  it('is due across the hour and across midnight (Sunday 23:55 → Monday 00:03)', () => {
    assert.equal(scheduleDue([{ day: 3, hours: 8, mins: 55 }], { day: 3, hour: 9, minute: 2 }), true);
    assert.equal(scheduleDue([{ day: 7, hours: 23, mins: 55 }], { day: 1, hour: 0, minute: 3 }), true);
    assert.equal(scheduleDue([{ day: 7, hours: 23, mins: 55 }], { day: 1, hour: 0, minute: 6 }), false);
    assert.equal(scheduleDue([{ day: 2, hours: 9, mins: 0, end_hours: 17, end_mins: 0, step: 2 }], { day: 2, hour: 13, minute: 5 }), true);
    assert.equal(scheduleDue([{ day: 2, hours: 9, mins: 0, end_hours: 17, end_mins: 0, step: 2 }], { day: 2, hour: 12, minute: 5 }), false);
  });

  it('reads the local time in a zone, summer and winter time', () => {
    // Monday 2026-01-05 06:30 UTC = 07:30 in Berlin (CET); Monday 2026-07-06 05:30 UTC = 07:30 (CEST)
    assert.deepEqual(localMoment(Date.UTC(2026, 0, 5, 6, 30), 'Europe/Berlin'), { day: 1, hour: 7, minute: 30 });
    assert.deepEqual(localMoment(Date.UTC(2026, 6, 6, 5, 30), 'Europe/Berlin'), { day: 1, hour: 7, minute: 30 });
    assert.deepEqual(localMoment(Date.UTC(2026, 0, 4, 23, 10), 'UTC'), { day: 7, hour: 23, minute: 10 });
    assert.deepEqual(localMoment(Date.UTC(2026, 0, 4, 23, 10), 'Asia/Tokyo'), { day: 1, hour: 8, minute: 10 });
  });

  it('wakes at the next minute mark, strictly later', () => {
    const at = (h: number, m: number, s = 0) => Date.UTC(2026, 0, 5, h, m, s);
    assert.equal(nextWake(at(7, 0)), at(7, 10));
    assert.equal(nextWake(at(7, 3, 20)), at(7, 10));
    assert.equal(nextWake(at(7, 10, 1)), at(7, 15));
    assert.equal(nextWake(at(7, 52)), at(8, 0));
  });
});
