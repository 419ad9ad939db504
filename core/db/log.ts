/**
 * The logger the database layer needs: structurally a subset of pino's, so the app's logger fits as is.
 */
export type DbLog = {
  info: (obj: object, msg?: string) => void;
  warn: (obj: object, msg?: string) => void;
};

/** Discards everything (tools, tests). */
export const silentDbLog: DbLog = { info: () => {}, warn: () => {} };
