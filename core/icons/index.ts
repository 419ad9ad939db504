/**
 * Icon URLs (UICONS repositories) as a core service: what alert plugins call to fill `imgUrl`, `imgUrlAlt`
 * and `stickerUrl`.
 */
export type { GymIconOptions, IconKind, IconService, IconSet, Icons, PokemonIconOptions, PokestopIconOptions, RewardKind } from './types.ts';
export { createIcons, isHttpUrl, DEFAULT_ICON_REFRESH_MS, DEFAULT_ICON_TIMEOUT_MS, type IconsOptions } from './icons.ts';
export { createIconSet, emptyIconSet } from './icon-set.ts';
export { parseIconIndex, type IconIndex } from './index-file.ts';
