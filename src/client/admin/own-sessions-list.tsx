import type { OwnSession } from '../../common/api/admin-own-account.ts';
import { Spinner } from '../ui/spinner.tsx';
import { useToast } from '../ui/toast-provider.tsx';
import { DateText } from './admin-cells.tsx';
import { BUTTON } from './admin-dialog.tsx';
import { AdminRequestError } from './admin-fetch.ts';
import { AdminSignedOutError } from './admin-session-gate.ts';
import { useEndSessions, useOwnSessions } from './use-own-account.ts';

function SessionCard({ session, onEnd, busy }: { session: OwnSession; onEnd(): void; busy: boolean }) {
  const where = session.ip ?? 'unknown address';
  return (
    <li
      aria-label={session.current ? 'This session' : `Session from ${where}`}
      className="space-y-1 rounded border border-slate-700 p-2 text-xs"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <span className="font-bold text-slate-200">{where}</span>
        {session.current ? (
          <span className="rounded-full border border-green-400 px-2 text-green-300">This session</span>
        ) : (
          <button
            type="button"
            disabled={busy}
            onClick={onEnd}
            aria-label={`End session from ${where}`}
            className={`${BUTTON.small} border-red-500 text-red-300 hover:bg-red-950`}
          >
            End
          </button>
        )}
      </div>
      <p className="truncate text-slate-400" title={session.userAgent ?? undefined}>
        {session.userAgent ?? 'Unknown browser'}
      </p>
      <p className="text-slate-400">
        Signed in <DateText value={session.createdAt} /> · last seen <DateText value={session.lastSeenAt} />
      </p>
      {session.secondFactorPending && (
        <p className="text-amber-300">
          Password given, two-factor code not yet: if this was not you, change your password.
        </p>
      )}
    </li>
  );
}

/**
 * The admin's own live sessions, the most recently seen first, this one marked: any other can be ended
 * (its browser is signed out at its next request), or all of them at once. This one ends with Logout.
 */
export function OwnSessionsList() {
  const sessions = useOwnSessions();
  const end = useEndSessions();
  const { toast } = useToast();

  const ending = async (body: { sessionId: string } | { allOthers: true }) => {
    try {
      const done = await end.mutateAsync(body);
      toast({ title: done.ended === 1 ? 'Session Ended' : `${done.ended} Sessions Ended` });
    } catch (error) {
      if (error instanceof AdminSignedOutError) return;
      const description = error instanceof AdminRequestError ? error.message : 'The session was not ended.';
      toast({ title: 'Error', description, variant: 'destructive' });
    }
  };

  if (sessions.isPending) {
    return (
      <p role="status" className="flex items-center gap-2 text-slate-400 text-xs">
        <Spinner /> Loading...
      </p>
    );
  }
  if (sessions.isError) {
    return (
      <p role="alert" className="text-red-300 text-xs">
        Failed to fetch your sessions
      </p>
    );
  }
  const list = sessions.data.sessions;
  const others = list.filter((s) => !s.current).length;
  return (
    <div className="space-y-2">
      <ul aria-label="Your sessions" className="space-y-2">
        {list.map((session) => (
          <SessionCard
            key={session.id}
            session={session}
            busy={end.isPending}
            onEnd={() => ending({ sessionId: session.id })}
          />
        ))}
      </ul>
      <button
        type="button"
        disabled={others === 0 || end.isPending}
        onClick={() => ending({ allOthers: true })}
        className={BUTTON.danger}
      >
        End All Other Sessions
      </button>
    </div>
  );
}
