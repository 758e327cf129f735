import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import type { VisibilityAnswer } from '../../common/api/rankings-api.ts';
import { shortenAddress } from '../../common/format.ts';
import { VISIBILITY_TEXTS } from '../../common/rankings-texts.ts';
import { fetchVisibility, putVisibility } from './rankings-fetch.ts';

export const SHOW_ME = VISIBILITY_TEXTS.showMe;

const VISIBILITY_KEY = ['player-visibility'] as const;

/** A refusal's words: the server's, or none when no answer came (fetch rejects with a TypeError then). */
function refusalWords(error: unknown): string {
  if (error instanceof TypeError || !(error instanceof Error) || !error.message) {
    return VISIBILITY_TEXTS.unreachable;
  }
  return error.message;
}

/**
 * For a browser signed in with a wallet: whether that wallet is shown on the boards and has a public page.
 * The box acts at once (the server's answer takes about a round trip and a write): the choice is shown as made,
 * then the boards and the player's own page are read again; a refusal puts the box back as the server holds it
 * and says why. Changes are sent one after the other, so the last one made is the one that stays. (No
 * useMutation: it would move react-query's shared code out of the first page's chunk, past its budget.)
 */
export function VisibilityChoice() {
  const client = useQueryClient();
  const visibility = useQuery({ queryKey: VISIBILITY_KEY, queryFn: fetchVisibility });
  const [refused, setRefused] = useState<string | null>(null);
  // What the box shows while the cache catches up: react-query tells its observers on a 0 ms timer, so the
  // box drew the old state again after its click until then (long enough, on a busy machine, to be read).
  // Set in the click's own handler, it is drawn before the browser next paints. `settled`: the server has
  // answered, and it goes once the cache says the same.
  const [made, setMade] = useState<{ hidden: boolean; settled: boolean } | null>(null);
  const latest = useRef(0);
  const inTurn = useRef<Promise<void>>(Promise.resolve());
  const held = visibility.data?.hidden;
  useEffect(() => {
    if (made?.settled && held === made.hidden) setMade(null);
  }, [made, held]);
  const wallet = visibility.data?.walletAddress;
  if (!visibility.data || !wallet) return null;
  const shown = !(made?.hidden ?? visibility.data.hidden);

  const choose = (hidden: boolean) => {
    const before = client.getQueryData<VisibilityAnswer>(VISIBILITY_KEY);
    const choice: VisibilityAnswer = { walletAddress: wallet, hidden };
    const turn = ++latest.current;
    const settle = (shownHidden: boolean) => {
      if (latest.current === turn) setMade({ hidden: shownHidden, settled: true });
    };
    setRefused(null);
    setMade({ hidden, settled: false });
    client.setQueryData<VisibilityAnswer>(VISIBILITY_KEY, choice);
    // A read of the choice still under way (a refusal asks one) answers what the server held before this
    // change: it is called off, and calling it off puts the older state back, so the choice is shown again.
    const calledOff = client
      .cancelQueries({ queryKey: VISIBILITY_KEY })
      .then(() => client.setQueryData<VisibilityAnswer>(VISIBILITY_KEY, choice));
    inTurn.current = Promise.all([inTurn.current, calledOff]).then(async () => {
      try {
        const answer = await putVisibility(hidden);
        client.setQueryData(VISIBILITY_KEY, answer);
        settle(answer.hidden);
      } catch (error) {
        if (before) client.setQueryData(VISIBILITY_KEY, before);
        settle(before?.hidden ?? !hidden);
        setRefused(refusalWords(error));
        // What the server holds, should an earlier change of a series have gone through meanwhile.
        void client.invalidateQueries({ queryKey: VISIBILITY_KEY });
      }
      await Promise.all([
        client.invalidateQueries({ queryKey: ['leaderboard'] }),
        client.invalidateQueries({ queryKey: ['player', wallet] }),
      ]);
    });
  };

  return (
    <div className="mt-4 text-xs">
      <label className="flex items-center gap-2 text-slate-300">
        <input type="checkbox" checked={shown} onChange={() => choose(shown)} />
        {SHOW_ME} ({shortenAddress(wallet)})
      </label>
      {refused !== null && (
        <p role="alert" className="mt-1 text-red-300">
          {VISIBILITY_TEXTS.notSaved(refused, visibility.data.hidden)}
        </p>
      )}
    </div>
  );
}
