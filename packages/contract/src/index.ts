/** Types both sides share: the envelope, pages, queries and the entities of the wire contract. */

export * from './auth.ts';
export * from './envelope.ts';
