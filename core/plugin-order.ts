/**
 * The order plugins run in, made explicit: every plugin comes after the plugins it names in `dependencies`;
 * plugins free to go at the same point go by name (character order), so the order depends neither on folder names
 * nor on how the loader found them. A dependency cycle has no order and is refused, naming the cycle.
 */

/** What ordering needs of a plugin. */
export interface Orderable {
  readonly name: string;
  readonly dependencies?: readonly string[];
}

export type PluginOrder<P> = { readonly ok: true; readonly plugins: readonly P[] } | { readonly ok: false; readonly cycle: readonly string[] };

const byName = (a: Orderable, b: Orderable): number => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0);

/**
 * Orders plugins with unique names. A dependency that is not registered is ignored here (the registry reports it);
 * a cycle comes back as its names, the first repeated at the end (`a → b → a`).
 */
export function orderByDependencies<P extends Orderable>(plugins: readonly P[]): PluginOrder<P> {
  const names = new Set(plugins.map((p) => p.name));
  const waitingFor = (p: P): string[] => (p.dependencies ?? []).filter((d) => names.has(d));
  const left = [...plugins].sort(byName);
  const placed = new Set<string>();
  const ordered: P[] = [];
  while (left.length > 0) {
    const next = left.findIndex((p) => waitingFor(p).every((d) => placed.has(d)));
    if (next < 0) return { ok: false, cycle: cycleAmong(left, waitingFor) };
    const [plugin] = left.splice(next, 1);
    ordered.push(plugin!);
    placed.add(plugin!.name);
  }
  return { ok: true, plugins: ordered };
}

/** Walks from the first plugin left along its first unplaced dependency until a name repeats: that loop is a cycle. */
function cycleAmong<P extends Orderable>(left: readonly P[], waitingFor: (p: P) => string[]): string[] {
  const byNameLeft = new Map(left.map((p) => [p.name, p]));
  const path: string[] = [];
  let at: P | undefined = left[0];
  while (at && !path.includes(at.name)) {
    path.push(at.name);
    at = byNameLeft.get(waitingFor(at).sort().find((d) => byNameLeft.has(d)) ?? '');
  }
  return at ? [...path.slice(path.indexOf(at.name)), at.name] : path;
}
