/**
 * The English type and kind of an invasion character from its template name, as the classic invasion file
 * only gives the template: CHARACTER_BUG_GRUNT_FEMALE → { type: "Bug", grunt: "Grunt" },
 * CHARACTER_GRUNT_MALE → "Mixed"/"Grunt", CHARACTER_EXECUTIVE_CLIFF → "Cliff"/"Executive",
 * CHARACTER_EVENT_NPC_3 → "NPC 3"/"Event", CHARACTER_GIOVANNI → "Giovanni"/"Giovanni".
 */

export interface GruntNaming {
  readonly type: string;
  readonly grunt: string;
}

/** Template words whose pokemon type has another English name. */
const TYPE_WORDS: Readonly<Record<string, string>> = { METAL: 'Steel' };
const KEEP_UPPER = new Set(['NPC']);

function titleWord(word: string): string {
  if (KEEP_UPPER.has(word)) return word;
  return word.charAt(0) + word.slice(1).toLowerCase();
}

function titled(words: readonly string[]): string {
  return words.map(titleWord).join(' ');
}

export function gruntNaming(template: string): GruntNaming {
  const words = template.toUpperCase().replace(/^CHARACTER_/, '').split('_').filter(Boolean);
  if (words.at(-1) === 'MALE' || words.at(-1) === 'FEMALE') words.pop();
  if (words.length === 0) return { type: 'Unset', grunt: 'Unset' };
  const [head, ...rest] = words as [string, ...string[]];
  if (head === 'EXECUTIVE' && rest.length > 0) return { type: titled(rest), grunt: 'Executive' };
  if (head === 'EVENT' && rest.length > 0) return { type: titled(rest), grunt: 'Event' };
  if (words.at(-1) === 'GRUNT') {
    const typeWords = words.slice(0, -1);
    if (typeWords.length === 0) return { type: 'Mixed', grunt: 'Grunt' };
    const one = typeWords.length === 1 ? TYPE_WORDS[typeWords[0]!] : undefined;
    return { type: one ?? titled(typeWords), grunt: 'Grunt' };
  }
  const name = titled(words);
  return { type: name, grunt: name };
}

/** "Bug Grunt (Female)", "Grunt (Male)", "Executive Cliff", "Giovanni". */
export function composeGruntName(naming: GruntNaming, gender: number): string {
  const sex = gender === 1 ? ' (Male)' : gender === 2 ? ' (Female)' : '';
  if (naming.grunt === 'Grunt') return `${naming.type === 'Mixed' ? '' : `${naming.type} `}Grunt${sex}`;
  if (naming.type === naming.grunt) return naming.type;
  return `${naming.grunt} ${naming.type}`;
}
