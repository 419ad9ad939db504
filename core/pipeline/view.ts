/**
 * Template views are layered, not copied: a language layer and a target layer sit on top of the event's view
 * through the prototype chain, so a fan-out to a thousand recipients never copies the event's variables.
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

/**
 * `view` with the variables of `lower` it lacks (anywhere in its chain) layered on top, so `view` wins on a shared
 * name; `view` itself, however deep its chain, is not copied. Only `lower`'s own keys are read.
 */
export function withFallbacks(view: View, lower: View): View {
  const next: Record<string, unknown> = Object.create(view as object);
  for (const key of Object.keys(lower)) if (!(key in (view as object))) next[key] = lower[key];
  return next;
}
