/**
 * Pokemon types by id and by English name: our table, extended by any (id, name) pair the masterfile shows,
 * so a type added upstream gets its name without a release here.
 */
import { fallbackName } from './fallback-names.ts';
import { TYPES, UNKNOWN_COLOR } from './tables.ts';
import type { TypeInfo, TypeRef } from './types.ts';

function emojiKeyFor(name: string): string {
  return `type-${name.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`;
}

function makeInfo(id: number, name: string, known: boolean): TypeInfo {
  return Object.freeze({ id, name, color: TYPES.get(id)?.color ?? UNKNOWN_COLOR, emojiKey: emojiKeyFor(name), known });
}

export class TypeCatalog {
  private readonly byId = new Map<number, TypeInfo>();
  private readonly byLowerName = new Map<string, TypeInfo>();

  /** `discovered`: (id, name) pairs seen in the data; they override nothing in our table, they only add. */
  constructor(discovered: Iterable<TypeRef> = []) {
    for (const [id, row] of TYPES) this.add(id, row.name);
    for (const ref of discovered) if (!this.byId.has(ref.id) && ref.name) this.add(ref.id, ref.name);
  }

  private add(id: number, name: string): void {
    const info = makeInfo(id, name, true);
    this.byId.set(id, info);
    if (!this.byLowerName.has(name.toLowerCase())) this.byLowerName.set(name.toLowerCase(), info);
  }

  info(id: number): TypeInfo {
    return this.byId.get(id) ?? makeInfo(id, fallbackName.type(id), false);
  }

  ref(id: number): TypeRef {
    const { name } = this.info(id);
    return Object.freeze({ id, name });
  }

  byName(name: string): TypeInfo | undefined {
    return this.byLowerName.get(name.trim().toLowerCase());
  }

  all(): readonly TypeInfo[] {
    return [...this.byId.values()];
  }
}
