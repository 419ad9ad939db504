/**
 * Template views: an event's variables copied once into a flat object, a recipient's laid on it only while its
 * message renders; small views layered through the prototype chain (`layer`). Event views are not layered: V8
 * reshapes every fresh object the first time it becomes a prototype (~25 µs for a monster view of ~200
 * variables, per event) and looks a variable up through such a chain an order of magnitude slower than on the
 * object itself, and templates look up dozens per render. Hence `withFallbacks` and `FlatView.of` copy, and
 * `FlatView.render` adds a recipient's variables for one call and takes them off again.
 */
import type { View } from '../contract.ts';

export function layer(base: View, extra: View | undefined): View {
  if (!extra) return base;
  const keys = Object.keys(extra);
  if (keys.length === 0) return base;
  const next: Record<string, unknown> = Object.create(base as object);
  for (const key of keys) next[key] = extra[key];
  return next;
}

/** Whether a variable is read by any loaded template (Renderer.variableFilter). */
export type VariableFilter = (name: string) => boolean;

/** an own "__proto__" key (JSON.parse makes one) would set the copy's prototype if assigned; it is not copied */
const PROTO_KEY = '__proto__';

/** Every variable of `view`, its own and those it inherits, in a new plain object. */
function copyVariables(view: View): Record<string, unknown> {
  const vars: Record<string, unknown> = {};
  for (const key in view) if (key !== PROTO_KEY) vars[key] = view[key];
  return vars;
}

/**
 * A flat copy of `view` (its inherited variables included) with the variables of `lower` it lacks, so `view`
 * wins on a shared name. Neither is changed.
 */
export function withFallbacks(view: View, lower: View): View {
  const vars = copyVariables(view);
  for (const key of Object.keys(lower)) if (!(key in vars) && key !== PROTO_KEY) vars[key] = lower[key];
  return vars;
}

/**
 * One event's variables for one language, in an object no one else holds. Recipients' variables are added for
 * the length of one synchronous call and removed again (what they hid is put back), so the object never grows
 * a prototype chain and is never copied per recipient.
 */
export class FlatView {
  private constructor(private readonly vars: Record<string, unknown>) {}

  /**
   * A copy of `view`'s variables (its inherited ones included) with those of `over` on top; with `keep`, only the
   * variables it keeps (the ones the loaded templates read: a smaller object to copy and to look names up in).
   */
  static of(view: View, over?: View, keep?: VariableFilter | null): FlatView {
    if (!keep) {
      const vars = copyVariables(view);
      if (over) for (const key of Object.keys(over)) if (key !== PROTO_KEY) vars[key] = over[key];
      return new FlatView(vars);
    }
    const vars: Record<string, unknown> = {};
    for (const key in view) if (key !== PROTO_KEY && keep(key)) vars[key] = view[key];
    if (over) for (const key of Object.keys(over)) if (key !== PROTO_KEY && keep(key)) vars[key] = over[key];
    return new FlatView(vars);
  }

  /** The variables, to read; what `render` adds is never seen here. */
  get view(): View {
    return this.vars;
  }

  /**
   * `fn` called with these variables and the layers' on top (a later layer wins); the layers' variables are
   * taken off before this returns, also when `fn` throws. `fn` must not keep the view it is given.
   */
  render<T>(layers: readonly (View | undefined)[], fn: (view: View) => T): T {
    const vars = this.vars;
    // (key, had it, its value) for each variable laid on, undone last to first
    const undo: unknown[] = [];
    for (const extra of layers) {
      if (!extra) continue;
      for (const key of Object.keys(extra)) {
        if (key === PROTO_KEY) continue;
        undo.push(key, Object.hasOwn(vars, key), vars[key]);
        vars[key] = extra[key];
      }
    }
    try {
      return fn(vars);
    } finally {
      for (let i = undo.length - 3; i >= 0; i -= 3) {
        const key = undo[i] as string;
        if (undo[i + 1]) vars[key] = undo[i + 2];
        else delete vars[key];
      }
    }
  }
}
