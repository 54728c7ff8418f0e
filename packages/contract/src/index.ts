/** Types both sides share: the envelope, pages, queries and the entities of the wire contract. */

export * from './app.ts';
export * from './auth.ts';
export * from './dispatch.ts';
export * from './dma.ts';
export * from './envelope.ts';
export * from './flowable.ts';
export * from './geo.ts';
export * from './gis.ts';
export * from './hydraulic.ts';
export * from './lowcode.ts';
export * from './lowcode-rules.ts';
export * from './monitor.ts';
export * from './patrol.ts';
export * from './rows.ts';
export * from './screen.ts';
export * from './wire.ts';
export * from './workflow.ts';
