// The whole schema, one area per file. drizzle.config.ts reads this file to generate migrations, and
// openDatabase types its client with it.
export * from './admin.ts';
export * from './analytics.ts';
export * from './challenge-actions.ts';
export * from './enums.ts';
export * from './games.ts';
export * from './identity.ts';
export * from './legacy.ts';
export * from './money.ts';
export * from './payouts.ts';
export * from './player-limits.ts';
export * from './queue.ts';
export * from './security.ts';
