import type { Ref } from 'react';
import type { ConnectionInfo } from '../state/game-api.ts';
import { ConnectionBadge, latencyText } from './connection-badge.tsx';
import type { AudioFlags, WinStats } from './local-settings.ts';
import { WalletStatusBox } from './wallet-status-box.tsx';

/**
 * SPEC §2 "Under the game": sound and music toggles, the ping readout, the connection-quality badge, the
 * wallet status box and the stats (total wins, best streak). Re-rendered only when these values change,
 * never by the canvas loop.
 */
export interface UnderGameProps {
  audio: AudioFlags;
  onToggle(flag: keyof AudioFlags): void;
  connection: ConnectionInfo;
  walletConnected: boolean;
  balanceLamports: bigint | null;
  balanceStale: boolean;
  stats: WinStats;
  /** The game screen measures the row to keep it in view under the canvas. */
  ref?: Ref<HTMLDivElement>;
}

function Toggle({ label, on, onClick }: { label: string; on: boolean; onClick(): void }) {
  return (
    <button
      type="button"
      aria-pressed={on}
      onClick={onClick}
      className={`rounded border px-3 py-2 text-xs tracking-widest ${
        on ? 'border-green-400 text-green-300' : 'border-slate-600 text-slate-500'
      }`}
    >
      {label} {on ? 'ON' : 'OFF'}
    </button>
  );
}

export function UnderGame(props: UnderGameProps) {
  const { audio, onToggle, connection, stats } = props;
  return (
    <div
      ref={props.ref}
      data-testid="under-game"
      className="mt-4 flex w-full flex-wrap items-center justify-center gap-3 font-retro"
    >
      <Toggle label="SOUND" on={audio.sound} onClick={() => onToggle('sound')} />
      <Toggle label="MUSIC" on={audio.music} onClick={() => onToggle('music')} />
      <p className="text-cyan-300 text-xs">Ping: {latencyText(connection)}</p>
      <ConnectionBadge connection={connection} />
      <WalletStatusBox
        connected={props.walletConnected}
        balanceLamports={props.balanceLamports}
        balanceStale={props.balanceStale}
      />
      <dl className="flex gap-3 text-xs">
        <div>
          <dt className="inline text-slate-400">Total wins: </dt>
          <dd className="inline text-green-300">{stats.totalWins}</dd>
        </div>
        <div>
          <dt className="inline text-slate-400">Best streak: </dt>
          <dd className="inline text-yellow-300">{stats.bestStreak}</dd>
        </div>
      </dl>
    </div>
  );
}
