import { describe } from 'vitest';
import { describeEachDatabase } from '../../../../test/support/database-bed.ts';
import { createFakeClock } from '../../../common/clock.ts';
import { createDrizzleGameStore } from './drizzle-game-store.ts';
import { createMemoryGameStore } from './memory-game-store.ts';
import { gameStoreContract } from './test-support/game-store-contract.ts';

describeEachDatabase('the Drizzle game store keeps the game store’s contract', (target) => {
  gameStoreContract(() => {
    const clock = createFakeClock(Date.now());
    return { store: createDrizzleGameStore({ db: target.db, clock }), clock };
  });
});

describe('the memory game store keeps the game store’s contract', () => {
  gameStoreContract(() => {
    const clock = createFakeClock(Date.now());
    return { store: createMemoryGameStore({ clock }), clock };
  });
});
