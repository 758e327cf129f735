import { RECONNECTION_WINDOW_SECONDS } from '../../common/rules.ts';

/** The reconnection window's bar (SPEC §2 reconnect dialog and opponent overlay): seconds left of 30. */
export function WindowBar({
  label,
  secondsLeft,
  color,
}: {
  label: string;
  secondsLeft: number;
  color: string;
}) {
  const left = Math.max(0, secondsLeft);
  const percent = Math.min(100, (left / RECONNECTION_WINDOW_SECONDS) * 100);
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={RECONNECTION_WINDOW_SECONDS}
      aria-valuenow={left}
      className="mx-auto mt-3 h-2 w-full overflow-hidden rounded bg-slate-800"
    >
      <div className={`h-full ${color} transition-[width] duration-1000`} style={{ width: `${percent}%` }} />
    </div>
  );
}
