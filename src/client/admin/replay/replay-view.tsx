import { useEffect, useMemo, useRef, useState } from 'react';
import { CANVAS_HEIGHT, CANVAS_WIDTH } from '../../../common/game/constants.ts';
import type { MatchRecord } from '../../../common/game/replay.ts';
import { createReplayTimeline } from '../../../common/game/replay-timeline.ts';
import type { RecordedResult } from './replay-api.ts';
import {
  createReplayPlayer,
  REPLAY_SPEEDS,
  type ReplayPlayer,
  type ReplaySpeed,
  type ReplayStatus,
} from './replay-player.ts';
import { ReplaySeekBar } from './replay-seek-bar.tsx';
import { tickTime } from './replay-time.ts';
import { replayVerdict } from './replay-verdict.ts';

const BUTTON =
  'rounded border-2 px-3 py-1 text-xs tracking-wider disabled:opacity-50 focus:outline focus:outline-yellow-300';

/**
 * A loaded replay: the verdict, the game canvas drawn by the player's renderer, and the controls. The
 * timeline is stepped once when the record arrives; the loop then draws outside React.
 */
export function ReplayView({
  record,
  recorded,
  players,
}: {
  record: MatchRecord;
  recorded: RecordedResult;
  players: readonly [string, string];
}) {
  const timeline = useMemo(() => createReplayTimeline(record), [record]);
  const verdict = useMemo(() => replayVerdict(recorded, timeline.result), [recorded, timeline]);
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const playerRef = useRef<ReplayPlayer | null>(null);
  const [status, setStatus] = useState<ReplayStatus>({ tick: 0, scores: [0, 0], playing: false });
  const [speed, setSpeed] = useState<ReplaySpeed>(1);
  const speedRef = useRef(speed);

  useEffect(() => {
    const ctx = canvasRef.current?.getContext('2d');
    if (!ctx) return;
    const player = createReplayPlayer({ ctx, timeline, onStatus: setStatus });
    player.setSpeed(speedRef.current);
    playerRef.current = player;
    return () => {
      player.stop();
      playerRef.current = null;
    };
  }, [timeline]);

  const chooseSpeed = (next: ReplaySpeed) => {
    speedRef.current = next;
    setSpeed(next);
    playerRef.current?.setSpeed(next);
  };

  return (
    <div className="mt-3 flex flex-col gap-3">
      <p
        role={verdict.kind === 'reproduced' ? 'status' : 'alert'}
        className={`rounded border-2 px-3 py-2 text-xs leading-relaxed ${
          verdict.kind === 'reproduced'
            ? 'border-green-400/70 bg-green-950/60 text-green-300'
            : 'border-red-400/80 bg-red-950/70 text-red-200'
        }`}
      >
        {verdict.kind === 'reproduced' ? '✓ ' : '⚠ '}
        {verdict.text}
      </p>
      <canvas
        ref={canvasRef}
        width={CANVAS_WIDTH}
        height={CANVAS_HEIGHT}
        aria-label="Replay field"
        className="mx-auto block aspect-[4/3] h-auto w-full max-w-[min(100%,calc(55vh*4/3))] rounded border-2 border-cyan-400/60 bg-black"
      />
      <div className="flex flex-wrap items-center justify-between gap-2 text-slate-400 text-xs">
        <PlayerLegend seat={0} wallet={players[0]} />
        <PlayerLegend seat={1} wallet={players[1]} />
      </div>
      <ReplaySeekBar
        tick={status.tick}
        endTick={timeline.endTick}
        points={timeline.points}
        onSeek={(tick) => playerRef.current?.seek(tick)}
      />
      <div className="flex flex-wrap items-center gap-2">
        <button
          type="button"
          onClick={() => (status.playing ? playerRef.current?.pause() : playerRef.current?.play())}
          className={`${BUTTON} min-w-[6.5rem] border-yellow-400/80 text-yellow-300 hover:bg-yellow-400/10`}
        >
          {status.playing ? 'Pause' : 'Play'}
        </button>
        <fieldset className="flex gap-1" aria-label="Speed">
          {REPLAY_SPEEDS.map((s) => (
            <button
              key={s}
              type="button"
              aria-pressed={speed === s}
              onClick={() => chooseSpeed(s)}
              className={`${BUTTON} ${speed === s ? 'border-cyan-300 bg-cyan-400/20 text-cyan-200' : 'border-slate-600 text-slate-400 hover:text-slate-200'}`}
            >
              {s}×
            </button>
          ))}
        </fieldset>
        <output aria-label="Replay position" className="ml-auto text-slate-300 text-xs tabular-nums">
          {tickTime(status.tick)} / {tickTime(timeline.endTick)} · Score {status.scores[0]}-{status.scores[1]}
        </output>
      </div>
    </div>
  );
}

/** Which side each player played, with the colour of their point marks; the full address is its title. */
function PlayerLegend({ seat, wallet }: { seat: 0 | 1; wallet: string }) {
  const short = wallet.length > 12 ? `${wallet.slice(0, 4)}…${wallet.slice(-4)}` : wallet;
  return (
    <span title={wallet}>
      <span
        aria-hidden
        className={`mr-1 inline-block h-3 w-1.5 align-[-2px] ${seat === 0 ? 'bg-green-400' : 'bg-cyan-400'}`}
      />
      Player {seat + 1} ({seat === 0 ? 'left' : 'right'}): {short}
    </span>
  );
}
