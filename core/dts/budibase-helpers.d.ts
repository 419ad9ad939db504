/** Minimal types for @budibase/handlebars-helpers (the package ships none). */
declare module '@budibase/handlebars-helpers' {
  type HelperFunction = (...args: unknown[]) => unknown;

  interface RegisterOptions {
    /** the Handlebars instance to register on (default: the global one) */
    readonly handlebars?: object;
  }

  /** Registers every helper group (or only `groups`) on the instance; returns the instance's helpers. */
  function helpers(options?: RegisterOptions): Record<string, HelperFunction>;
  function helpers(groups: string | readonly string[], options?: RegisterOptions): Record<string, HelperFunction>;

  export = helpers;
}
