/**
 * Which raids were already announced: a raid (gym, end, boss) seen again with different RSVPs passes the
 * dedupe (the RSVPs are part of its key) but is an RSVP update, which only rules with rsvp_changes 1 or 2
 * alert on. Entries are forgotten when their raid ends.
 */
import type { RaidEvent } from './event.ts';

/** (gym, end, boss) — the identity of one raid or egg across RSVP changes */
export function raidIdentity(event: RaidEvent): string {
  return `${event.gymId}:${event.end}:${event.pokemonId}`;
}

/** the RSVP counts as text ('' when none), for the dedupe key */
export function rsvpSignature(event: RaidEvent): string {
  return event.rsvps.map((r) => `${r.timeslot}/${r.goingCount}/${r.maybeCount}`).join(',');
}

const PRUNE_EVERY = 1000;

export class RsvpMemory {
  /** identity → the RSVPs last seen and the unix ms when it can be forgotten */
  private readonly seen = new Map<string, { readonly rsvps: string; readonly until: number }>();
  private readonly updates = new WeakSet<RaidEvent>();
  private sincePrune = 0;

  /** Records a new (not duplicate) event; it is an RSVP update when its raid was recorded with other RSVPs. */
  record(event: RaidEvent, now: number): void {
    if (++this.sincePrune >= PRUNE_EVERY) this.prune(now);
    const id = raidIdentity(event);
    const rsvps = rsvpSignature(event);
    const known = this.seen.get(id);
    if (known !== undefined && known.until > now && known.rsvps !== rsvps) this.updates.add(event);
    this.seen.set(id, { rsvps, until: event.end * 1000 });
  }

  /** whether `record` found this event to be a repeat of an announced raid with changed RSVPs */
  isUpdate(event: RaidEvent): boolean {
    return this.updates.has(event);
  }

  get size(): number {
    return this.seen.size;
  }

  private prune(now: number): void {
    this.sincePrune = 0;
    for (const [id, entry] of this.seen) if (entry.until <= now) this.seen.delete(id);
  }
}
