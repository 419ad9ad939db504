/**
 * `summary quest settime` arguments: single times with and without a day, day groups, ranges with a step, and the
 * refusals (unknown day, out of range, a range ending before it starts, a bad step, not a time).
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { describeEntries, parseSettimeArg, parseSettimeArgs } from '../../../../plugins/quest/commands/settime.ts';

const entries = (arg: string) => {
  const outcome = parseSettimeArg(arg);
  assert.ok(outcome.ok, arg);
  return outcome.entries;
};
const problem = (arg: string): string => {
  const outcome = parseSettimeArg(arg);
  assert.ok(!outcome.ok, arg);
  return outcome.problem.text;
};

describe('summary settime arguments', () => {
  it('one day at a time, with or without the colon', () => {
    assert.deepEqual(entries('mon07:30'), [{ day: 1, hours: 7, mins: 30 }]);
    assert.deepEqual(entries('sun:7'), [{ day: 7, hours: 7, mins: 0 }]);
    assert.deepEqual(entries('FRI1900'), [{ day: 5, hours: 19, mins: 0 }]);
  });

  it('day groups, and every day without a day', () => {
    assert.deepEqual(entries('weekday08:00').map((e) => e.day), [1, 2, 3, 4, 5]);
    assert.deepEqual(entries('weekend10:00').map((e) => e.day), [6, 7]);
    assert.deepEqual(entries('08:00').map((e) => e.day), [1, 2, 3, 4, 5, 6, 7]);
    assert.deepEqual(entries('everyday8').map((e) => e.day), [1, 2, 3, 4, 5, 6, 7]);
  });

  it('ranges with a step (hourly without one)', () => {
    assert.deepEqual(entries('weekday:9-17/2')[0], { day: 1, hours: 9, mins: 0, end_hours: 17, end_mins: 0, step: 2 });
    assert.deepEqual(entries('mon9:30-12'), [{ day: 1, hours: 9, mins: 30, end_hours: 12, end_mins: 0, step: 1 }]);
    assert.equal(entries('8-22/2').length, 7);
  });

  it('refusals', () => {
    assert.match(problem('someday08:00'), /unknown day/);
    assert.match(problem('mon25:00'), /hours must be/);
    assert.match(problem('mon07:75'), /hours must be/);
    assert.match(problem('17-9'), /end time must be after/);
    assert.match(problem('9-17/24'), /step must be/);
    assert.match(problem('soon'), /is not a time/);
  });

  it('several arguments add up; one bad one refuses them all', () => {
    const all = parseSettimeArgs(['mon07:30', 'weekend10:00']);
    assert.ok(all.ok);
    assert.equal(all.entries.length, 3);
    assert.equal(parseSettimeArgs(['mon07:30', 'nope']).ok, false);
  });

  it('lists entries for replies', () => {
    assert.equal(describeEntries([...entries('mon07:30'), ...entries('tue:9-17/4')], (t) => t), 'Monday 07:30, Tuesday 09:00-17:00/4h');
  });
});
