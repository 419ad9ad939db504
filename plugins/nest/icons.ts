/**
 * The nest plugin's icon kind: the nest marker of a pokemon type, `nest/<typeId>` in a UICONS repository.
 */
import type { IconKind } from '../../core/icons/index.ts';

export const NEST_ICON: IconKind = { folder: 'nest' };
