/** `[[autocreate.rules]]` evaluated per fence: filter and params, the fence classification, the removal safety check. */
export * from './classify.ts';
export * from './expressions.ts';
export * from './fence-context.ts';
export * from './safety.ts';
export * from './split-args.ts';
