/**
 * One load-generator process (the bench forks one per core): it runs its share of bots and measures what
 * they see, so the bots' work never runs inside the server's process.
 */
import { performance } from 'node:perf_hooks';
import { seededRandom } from '../src/server/game/match/bot-brain.ts';
import { type Bot, type BotRecorders, createBotRecorders, startBot } from './bot.ts';
import { createEchoBoard } from './echo-board.ts';
import type { FromLoad, ToLoad } from './load-protocol.ts';
import type { PeerBotModule, PeerVariant } from './peers/colyseus/peer-types.ts';
import { type WireCount, wireDelta } from './wire-bytes.ts';

/** Sign-ins in flight at once from one process: enough to start thousands quickly, not a flood. */
const STARTING_AT_ONCE = 16;

const report = (message: FromLoad) => process.send?.(message);
const rec: BotRecorders = createBotRecorders();
const bots: Bot[] = [];
let failed = 0;
let firstFailure: string | null = null;
let progress: NodeJS.Timeout | undefined;
let period: { startedMs: number; wire: Map<Bot, WireCount> } | null = null;

/** The process's bots time the echo of each other's moves on one board (bench/echo-board.ts). */
const echoBoard = createEchoBoard();
/** Product bots started so far: every other one plays with the added round trip. */
let productBots = 0;

/**
 * The bot for the server under test: the product's, or the Colyseus peer's, loaded only when asked for (it
 * needs the peer's own packages, which the project does not install). Half the product's bots play with
 * `rttMs` added, so one run measures the drawn ball both without and with it.
 */
async function botStarter(
  peer: PeerVariant | null,
  rttMs: number,
): Promise<(baseUrl: string, random: () => number) => Promise<Bot>> {
  if (peer === null)
    return (baseUrl, random) =>
      startBot(baseUrl, random, rec, { addedRttMs: productBots++ % 2 === 1 ? rttMs : 0, echoBoard });
  const modulePath = new URL('./peers/colyseus/colyseus-bot.ts', import.meta.url).href;
  const { startColyseusBot } = (await import(modulePath)) as PeerBotModule;
  return (baseUrl, random) => startColyseusBot(baseUrl, peer, random, rec);
}

async function start(baseUrl: string, count: number, seed: number, peer: PeerVariant | null, rttMs: number) {
  const random = seededRandom(seed);
  const startOne = await botStarter(peer, rttMs);
  let next = 0;
  const starter = async () => {
    while (next < count) {
      next++;
      try {
        bots.push(await startOne(baseUrl, random));
      } catch (error) {
        failed++;
        firstFailure ??= error instanceof Error ? error.message : String(error);
      }
    }
  };
  // A second start (the bench adds the other half of its load) adds bots; one progress report serves both.
  clearInterval(progress);
  progress = setInterval(() => {
    const playing = bots.filter((b) => b.playing()).length;
    report({ type: 'progress', started: bots.length, failed, playing, firstFailure });
  }, 1_000);
  await Promise.all(Array.from({ length: STARTING_AT_ONCE }, starter));
}

function figures(): FromLoad {
  const seconds = period ? (performance.now() - period.startedMs) / 1000 : 0;
  let down = 0;
  let up = 0;
  let players = 0;
  for (const [bot, before] of period?.wire ?? []) {
    if (!bot.open()) continue;
    const moved = wireDelta(before, bot.wire());
    down += moved.down;
    up += moved.up;
    players++;
  }
  rec.measuring = false;
  return {
    type: 'figures',
    players,
    seconds,
    down,
    up,
    snapshots: rec.snapshots,
    messages: rec.messages,
    frames: rec.frames,
    gamesOver: rec.gamesOver,
    drawn: rec.drawn.counts(),
    drawnRtt: rec.drawnRtt.counts(),
    echo: rec.echo.counts(),
    gaps: rec.gaps.counts(),
    errors: [...rec.errors],
    movedPlayers: rec.movedPlayers,
    moves: rec.moves.counts(),
  };
}

process.on('message', (message: ToLoad) => {
  switch (message.type) {
    case 'start':
      void start(message.baseUrl, message.bots, message.seed, message.peer, message.rttMs);
      return;
    case 'measure':
      // The moves are not reset: most happen as the bots' matches begin, before the period.
      rec.echo.reset();
      rec.gaps.reset();
      rec.snapshots = 0;
      rec.messages = 0;
      rec.frames = 0;
      rec.drawn.reset();
      rec.drawnRtt.reset();
      rec.gamesOver = 0;
      rec.errors.clear();
      period = { startedMs: performance.now(), wire: new Map(bots.map((b) => [b, b.wire()])) };
      rec.measuring = true;
      return;
    case 'collect':
      report(figures());
      return;
    case 'stop':
      clearInterval(progress);
      for (const bot of bots) bot.close();
      setTimeout(() => process.exit(0), 500);
      return;
    default: {
      const unreachable: never = message;
      throw new Error(`unknown ${JSON.stringify(unreachable)}`);
    }
  }
});
process.on('disconnect', () => process.exit(0));
