/** What a DTS file format parser returns: the raw entry values in file order, or why the file is unreadable. */
export type ParsedFile = { readonly ok: true; readonly items: readonly unknown[] } | { readonly ok: false; readonly message: string };
