/** The auto-create cache files: their shapes, loading, saving, pruning and immutable updates. */
export * from './types.ts';
export * from './sync-cache.ts';
export * from './thread-cache.ts';
