/**
 * The types of the plugin member tables (core/registry.ts): one entry per member of a plugin interface, checked by
 * the compiler against that interface, each carrying how the registry validates the member and what docs/hooks.md
 * says about it. Also the names of an interface's hooks (its function members), which hook calls are typed with.
 */

/** How a member is used: plain data, or a hook the core calls and uses at once (`sync`) or awaits (`async`). */
export type MemberKind = 'data' | 'sync' | 'async';

/** One member of a plugin interface: its validation rule and its documentation. */
export interface MemberSpec<Rule extends string, Kind extends MemberKind = MemberKind> {
  /** how the registry checks the value a plugin gives */
  readonly rule: Rule;
  readonly kind: Kind;
  /** how docs/hooks.md writes it, e.g. `parse(raw, ctx)`; default: the member's name */
  readonly shape?: string;
  /** when the core reads or calls it */
  readonly called: string;
  /** what it must hold or do */
  readonly must: string;
}

/** The function members of T (optional ones included): its hooks. */
export type HookNames<T> = { [K in keyof T]-?: NonNullable<T[K]> extends (...args: never[]) => unknown ? K : never }[keyof T];

/** The optional members of T. */
type OptionalKeys<T> = { [K in keyof T]-?: object extends Pick<T, K> ? K : never }[keyof T];

/** A hook's entry says sync or async, a data member's says data. */
type KindOf<T, K extends keyof T> = K extends HookNames<T> ? 'sync' | 'async' : 'data';

/** A required member's entry says when it is required (`When`); an optional member's may not. */
type Requirement<T, K extends keyof T, When extends string> = K extends OptionalKeys<T> ? { readonly required?: never } : { readonly required: When };

/**
 * The member table of the plugin interface T (rollup's hook-name mapped types): the compiler refuses a table that
 * misses a member of T, has an entry T does not have, calls a hook `data` (or data a hook), or marks an optional
 * member required (or leaves a required one unmarked).
 */
export type MemberTable<T, Rule extends string, When extends string = 'always'> = {
  readonly [K in keyof Required<T>]: MemberSpec<Rule, KindOf<T, K>> & Requirement<T, K, When>;
};
