/**
 * At most one log line per interval for something that can repeat many times a second (a scanner posting the wrong
 * shape on every request): the first is logged at once, later ones within the interval are counted and the count
 * goes with the next line logged.
 */
export class LogGate {
  private lastAt = -Infinity;
  private held = 0;

  constructor(
    private readonly intervalMs: number,
    private readonly now: () => number,
  ) {}

  /** the number of lines held back since the last one logged (0 or more) when this one may be logged, else null */
  pass(): number | null {
    const at = this.now();
    if (at - this.lastAt < this.intervalMs) {
      this.held++;
      return null;
    }
    this.lastAt = at;
    const held = this.held;
    this.held = 0;
    return held;
  }
}
