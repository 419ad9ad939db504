/**
 * Fort-update template variables in the recipient's language: the change and fort type words.
 */
import type { View, ViewScope } from '../../core/contract.ts';
import type { GameData } from '../../core/gamedata/index.ts';
import { CHANGE_TYPE_TEXT, FORT_TYPE_TEXT } from './enrich.ts';
import type { FortEvent } from './event.ts';

export function fortLanguageView(event: FortEvent, gameData: GameData, scope: ViewScope): View {
  return {
    changeTypeText: gameData.translate(CHANGE_TYPE_TEXT[event.changeType], scope.language),
    fortTypeText: gameData.translate(FORT_TYPE_TEXT[event.fortType], scope.language),
  };
}
