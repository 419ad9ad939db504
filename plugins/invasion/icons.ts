/**
 * The invasion plugin's icon kind: invasion characters by grunt type id, `invasion/<id>` in a UICONS repository.
 */
import type { IconKind } from '../../core/icons/index.ts';

export const INVASION_ICON: IconKind = { folder: 'invasion' };
