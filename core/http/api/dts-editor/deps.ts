/** What the template editor routes (the studio's and the previous generation's editor's) work with. */
import type { TestCatalog } from '../../../commands/test-data.ts';
import type { DirectMessenger } from '../../../delivery/direct.ts';
import type { DtsEngine } from '../../../dts/engine.ts';
import type { GameData } from '../../../gamedata/index.ts';
import type { Logger } from '../../../log/logger.ts';
import type { PreviewOutcome, PreviewTarget } from '../../../pipeline/preview.ts';
import type { RecentEvents } from '../../../preview/recent-events.ts';
import type { PluginRegistry } from '../../../registry.ts';

export interface DtsEditorDeps {
  readonly engine: DtsEngine;
  /** the pipeline's preview: a webhook rendered for a made-up recipient, nothing sent */
  preview(item: { readonly type: string; readonly message: unknown }, target: PreviewTarget): Promise<PreviewOutcome>;
  readonly registry: PluginRegistry;
  readonly testCatalog: TestCatalog;
  readonly recent: RecentEvents;
  gameData(): GameData;
  readonly rootDir: string;
  readonly log: Logger;
  readonly messages: DirectMessenger;
  readonly now: () => number;
}
