/**
 * Text normalisation for name lookups: case, accents and punctuation do not matter
 * ("Mr. Mime" = "mr mime", "Flabébé" = "flabebe", "Ho-Oh" = "ho oh").
 */
export function normalizeName(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[.'’`:,]/g, '')
    .replace(/[-_\s]+/g, ' ')
    .trim();
}

/** name → ids, several ids per name allowed. */
export class NameIndex {
  private readonly map = new Map<string, number[]>();

  add(name: string, id: number): void {
    const key = normalizeName(name);
    if (!key) return;
    const ids = this.map.get(key);
    if (!ids) this.map.set(key, [id]);
    else if (!ids.includes(id)) ids.push(id);
  }

  get(name: string): readonly number[] | undefined {
    return this.map.get(normalizeName(name));
  }

  get size(): number {
    return this.map.size;
  }
}
