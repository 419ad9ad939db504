/**
 * Snowflake ids for the fake Discord: numeric strings whose top bits are the milliseconds since Discord's epoch
 * (so discord.js derives sensible timestamps), strictly increasing within one fake.
 */

const DISCORD_EPOCH_MS = 1_420_070_400_000n;

export type NextSnowflake = () => string;

export function createSnowflakes(now: () => number = Date.now): NextSnowflake {
  let last = 0n;
  return () => {
    const fromClock = (BigInt(now()) - DISCORD_EPOCH_MS) << 22n;
    last = fromClock > last ? fromClock : last + 1n;
    return last.toString();
  };
}

/** Discord ids are decimal numbers; anything else makes discord.js compute NaN timestamps. */
export function isSnowflake(value: unknown): value is string {
  return typeof value === 'string' && /^\d{1,20}$/.test(value);
}
