/**
 * PoracleJS read config/default.json and then local.json over it, and its first start wrote local.json as a copy of
 * default.json: many local.json files repeat defaults the operator never chose. With the installation's own
 * default.json at hand, a value equal to it there is treated as unset (Lookout's default applies, or the PoracleJS
 * default convert.ts applies where they differ), so the report speaks only of what the operator changed. Pure.
 */
import { isTable, type Table } from '../config/values.ts';

export interface Overrides {
  /** local.json without the values equal to default.json's */
  readonly local: Table;
  /** how many keys were dropped for being default.json's values */
  readonly unchanged: number;
}

function same(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/** `local` less every value (leaf or whole list) equal to the one at the same place in `defaults`. */
export function overridesOnly(local: Table, defaults: Table): Overrides {
  let unchanged = 0;
  const strip = (given: Table, base: Table): Table => {
    const out: Table = {};
    for (const [key, value] of Object.entries(given)) {
      const def = base[key];
      if (isTable(value) && isTable(def)) {
        // a table left empty says nothing (its keys were all default.json's, or it had none)
        const inner = strip(value, def);
        if (Object.keys(inner).length > 0) out[key] = inner;
      } else if (def !== undefined && same(value, def)) unchanged++;
      else out[key] = value;
    }
    return out;
  };
  return { local: strip(local, defaults), unchanged };
}
