/**
 * What GameData is built from (the masterfile, the plugins' game-data files, translations, aliases, emoji), apart from the
 * GameData interface so its implementation (game-data-view.ts) and its builder (game-data.ts) do not import each other.
 */
import type { AliasMap } from './aliases.ts';
import type { EmojiTable } from './emoji.ts';
import type { LocaleTable } from './translations.ts';

/** Everything GameData is built from; each part may be missing. */
export interface GameDataParts {
  /** parsed master-latest-poracle.json */
  readonly masterfile?: unknown;
  /** the plugins' game-data files as parsed JSON, by source name (`invasions`) */
  readonly files?: Readonly<Record<string, unknown>>;
  /** language → parsed locale file */
  readonly locales?: Readonly<Record<string, LocaleTable>>;
  readonly aliases?: AliasMap;
  readonly emoji?: EmojiTable;
}
