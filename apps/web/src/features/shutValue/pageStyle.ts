/** The crew page's column: narrow and centred, as the link is mostly opened on a phone. */
export const PAGE_STYLE = { maxWidth: 760, margin: '0 auto', padding: 16 } as const;
