import '../../src/client/styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { GameScreen } from '../../src/client/game/game-screen.tsx';
import { fakeGame, fakeWallet } from '../../src/client/game/test-support/fake-apis.ts';
import { GameContext } from '../../src/client/state/game-api.ts';
import { Layout } from '../../src/client/ui/layout.tsx';
import { WalletContext } from '../../src/client/wallet/wallet-api.ts';
import { TICK_MS } from '../../src/common/game/constants.ts';
import type { GameStateName } from '../../src/common/protocol.ts';
import { createSimulatedMatch } from './simulated-match.ts';

/**
 * The game screen alone in a page, inside the app's layout, with stand-in providers: the canvas benchmark and
 * the game-canvas browser test load it. Query: `player` 0|1; `still` = one fixed keyframe instead of a live
 * match (for pixel checks and screenshots), with `state` its game state. A live match is the server's own,
 * stepped in the page: its keyframes, ball events and paddle reports feed the real prediction the canvas
 * draws from, with the server's clock the page's own (no latency).
 */
export interface Measurement {
  fps: number;
  /** The game loop's own work in each frame, ms. */
  work: number[];
  /** Server messages heard (keyframes, ball events, paddle reports). */
  messagesPerSecond: number;
}

export interface HarnessProbe {
  moves: number[];
  frameWork: number[];
  /** Server messages heard so far. */
  messages: number;
  /** Counts animation frames for `ms` while the game runs. */
  measure(ms: number): Promise<Measurement>;
}

declare global {
  interface Window {
    __harness: HarnessProbe;
  }
}

const params = new URLSearchParams(location.search);
const playerIndex = params.get('player') === '1' ? 1 : 0;
const still = params.has('still');
const state = (params.get('state') ?? 'playing') as GameStateName;

const game = fakeGame({ playerIndex, state }, { pingMs: 23, quality: 'excellent' });
const probe: HarnessProbe = {
  moves: game.moves,
  frameWork: [],
  messages: 0,
  async measure(ms) {
    probe.frameWork.length = 0;
    const messagesBefore = probe.messages;
    const start = performance.now();
    let frames = 0;
    await new Promise<void>((resolve) => {
      const count = () => {
        frames += 1;
        if (performance.now() - start < ms) requestAnimationFrame(count);
        else resolve();
      };
      requestAnimationFrame(count);
    });
    const elapsed = performance.now() - start;
    return {
      fps: (frames * 1000) / elapsed,
      work: [...probe.frameWork],
      messagesPerSecond: ((probe.messages - messagesBefore) * 1000) / elapsed,
    };
  },
};
window.__harness = probe;

if (still) {
  game.keyframe({
    gameState: state,
    scores: [3, 5],
    ballPos: { x: 520, y: 210 },
    paddlePositions: [300, 260],
  });
} else {
  // The server's clock is this page's (Date.now()): the offset to performance.now(), with no latency.
  game.setServerOffset(Date.now() - performance.now());
  const match = createSimulatedMatch(playerIndex, (message) => {
    probe.messages += 1;
    if (message.type === 'gameState') game.prediction.heardKeyframe(message.data);
    if (message.type === 'ballEvent') game.prediction.heardBallEvent(message);
    if (message.type === 'opponentPaddle') game.prediction.heardOpponentPaddle(message, playerIndex);
  });
  setInterval(() => match.tick(game.moves.length > 0 ? game.moves[game.moves.length - 1]! : null), TICK_MS);
}

const root = document.getElementById('root');
if (!root) throw new Error('no #root');
createRoot(root).render(
  <StrictMode>
    <GameContext.Provider value={game.api}>
      <WalletContext.Provider value={fakeWallet()}>
        <Layout>
          <GameScreen onFrameWork={(ms) => probe.frameWork.push(ms)} />
        </Layout>
      </WalletContext.Provider>
    </GameContext.Provider>
  </StrictMode>,
);
