import type { FormEvent } from 'react';

/**
 * SPEC §2 search box: a wallet address, a transaction ID (signature) or a game ID, from 4 of its first or
 * last characters or as the back-office shortens it ('H9Yz3...SRGMh'); a shorter term is refused here.
 */
export function AdminSearch({
  value,
  active,
  busy,
  summary,
  problem,
  onChange,
  onSearch,
  onClear,
}: {
  value: string;
  active: string;
  busy: boolean;
  summary: string | null;
  /** Why the term cannot be searched for (too short). */
  problem: string | null;
  onChange(value: string): void;
  onSearch(term: string): void;
  onClear(): void;
}) {
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSearch(value);
  };
  return (
    <div>
      <form aria-label="Admin search" onSubmit={submit} className="flex gap-2">
        <input
          type="search"
          aria-label="Search"
          placeholder="Wallet, signature or game ID"
          title="4 or more characters from its start or end, or the shortened form (H9Yz3...SRGMh)"
          value={value}
          onChange={(e) => onChange(e.target.value)}
          className="min-w-0 flex-1 rounded border-2 border-slate-700 bg-slate-900 px-3 py-2 font-retro text-slate-100 text-xs placeholder:text-slate-500 focus:border-cyan-400 focus:outline-none"
        />
        <button
          type="submit"
          disabled={busy}
          className="rounded bg-cyan-500 px-4 py-2 font-bold font-retro text-slate-950 text-xs hover:bg-cyan-400 disabled:opacity-60"
        >
          {busy ? 'Searching...' : 'Search'}
        </button>
        {active && (
          <button
            type="button"
            onClick={onClear}
            className="rounded border border-slate-600 px-3 py-2 font-retro text-slate-300 text-xs hover:bg-slate-800"
          >
            Clear
          </button>
        )}
      </form>
      {problem && (
        <p role="alert" data-testid="search-problem" className="mt-1 font-retro text-amber-300 text-xs">
          {problem}
        </p>
      )}
      {!problem && summary && (
        <p
          role="status"
          data-testid="search-summary"
          className="mt-1 break-all font-retro text-slate-400 text-xs"
        >
          {summary}
        </p>
      )}
    </div>
  );
}
