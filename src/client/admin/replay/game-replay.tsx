import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { ADMIN_API, useAdminFetch } from '../admin-fetch.ts';
import { parseGameReplay, replayPath } from './replay-api.ts';
import { ReplayView } from './replay-view.tsx';

export const REPLAY_TEXTS = {
  loading: 'Loading replay...',
  unavailable:
    'The replay is not available: this game has no recorded seed and inputs (it ended before play, e.g. refunded).',
} as const;

/**
 * The dispute replay of one game: the game re-simulated from its seed and inputs on the
 * player's canvas, with play, pause, seek and speed, and whether it reproduces the recorded score and winner.
 */
export function GameReplay({ gameId }: { gameId: string }) {
  const api = useAdminFetch();
  const replay = useQuery({
    queryKey: [ADMIN_API, 'games', gameId, 'replay'],
    queryFn: async ({ signal }) =>
      parseGameReplay(await api.get(z.unknown(), replayPath(gameId), {}, signal)),
  });

  if (replay.isPending) return <p className="mt-3 text-slate-400 text-xs">{REPLAY_TEXTS.loading}</p>;
  if (replay.isError) {
    return (
      <p
        role="alert"
        className="mt-3 rounded border-2 border-red-400/80 bg-red-950/70 px-3 py-2 text-red-200 text-xs"
      >
        {replay.error.message}
      </p>
    );
  }
  const { record, recorded, game } = replay.data;
  if (!record) return <p className="mt-3 text-slate-400 text-xs">{REPLAY_TEXTS.unavailable}</p>;
  return (
    <ReplayView record={record} recorded={recorded} players={[game.player1Wallet, game.player2Wallet]} />
  );
}
