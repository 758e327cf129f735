import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { shortenAddress } from '../../common/format.ts';
import { fetchVisibility, putVisibility } from './rankings-fetch.ts';

export const SHOW_ME = 'Show me on the leaderboard and on my player page';

/** For a browser signed in with a wallet: whether that wallet is shown on the boards and has a public page. */
export function VisibilityChoice() {
  const client = useQueryClient();
  const visibility = useQuery({ queryKey: ['player-visibility'], queryFn: fetchVisibility });
  const [saving, setSaving] = useState(false);
  const [failed, setFailed] = useState(false);
  if (!visibility.data?.walletAddress) return null;
  const shown = !visibility.data.hidden;
  const toggle = async () => {
    setSaving(true);
    setFailed(false);
    try {
      client.setQueryData(['player-visibility'], await putVisibility(shown));
      await client.invalidateQueries({ queryKey: ['leaderboard'] });
    } catch {
      setFailed(true);
    } finally {
      setSaving(false);
    }
  };
  return (
    <label className="mt-4 flex items-center gap-2 text-xs text-slate-300">
      <input type="checkbox" checked={shown} disabled={saving} onChange={() => void toggle()} />
      {SHOW_ME} ({shortenAddress(visibility.data.walletAddress)})
      {failed && <span className="text-red-300">Not saved: try again.</span>}
    </label>
  );
}
