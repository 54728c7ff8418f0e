/** Types both sides share: the envelope, pages, queries and the entities of the wire contract. */
export * from './envelope.ts';
export * from './auth.ts';
