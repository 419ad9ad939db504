/**
 * Waiting in end-to-end tests without sleeping: a promise bounded by a deadline that fails with what was awaited,
 * and a condition polled until it holds. Deadlines only turn a hang into a readable failure; no assertion
 * depends on how long anything took.
 */

/** How long an end-to-end wait may take before the test fails; generous, since it only ends hangs. */
export const E2E_WAIT_MS = 15_000;

/** `promise`, or a rejection naming `what` when it has not settled within `ms`. */
export async function within<T>(promise: Promise<T>, what: string, ms = E2E_WAIT_MS): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`timed out after ${ms} ms waiting for ${what}`)), ms);
  });
  try {
    return await Promise.race([promise, deadline]);
  } finally {
    clearTimeout(timer);
  }
}

/** Resolves with the first truthy value of `probe`, polled every `everyMs`; rejects naming `what` after `ms`. */
export async function until<T>(probe: () => T | Promise<T>, what: string, options: { readonly ms?: number; readonly everyMs?: number } = {}): Promise<NonNullable<T>> {
  const ms = options.ms ?? E2E_WAIT_MS;
  const everyMs = options.everyMs ?? 20;
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await probe();
    if (value) return value as NonNullable<T>;
    if (Date.now() > deadline) throw new Error(`timed out after ${ms} ms waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
}
