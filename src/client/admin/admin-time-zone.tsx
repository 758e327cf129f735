import { createContext, useCallback, useContext, useMemo, useState } from 'react';

/**
 * Which clock the back-office's times are read in: UTC by default (the exports' days, the date pickers and
 * the server's logs are UTC days), or the operator's own zone; every time names its zone, so a screenshot
 * or a pasted row never leaves a reader guessing. The choice is kept in this browser.
 */
export type AdminTimeChoice = 'utc' | 'local';

export const ADMIN_TIME_ZONE_KEY = 'admin-time-zone';

export interface AdminTimeZone {
  choice: AdminTimeChoice;
  /** The IANA zone times are shown in. */
  timeZone: string;
  toggle(): void;
}

const UTC: AdminTimeZone = { choice: 'utc', timeZone: 'UTC', toggle: () => {} };

const AdminTimeZoneContext = createContext<AdminTimeZone>(UTC);

/** The viewer's own zone, as the browser names it. */
export const localTimeZone = (): string => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';

function storedChoice(): AdminTimeChoice {
  try {
    return window.localStorage.getItem(ADMIN_TIME_ZONE_KEY) === 'local' ? 'local' : 'utc';
  } catch {
    return 'utc';
  }
}

export function AdminTimeZoneProvider({ children }: { children: React.ReactNode }) {
  const [choice, setChoice] = useState<AdminTimeChoice>(storedChoice);
  const toggle = useCallback(() => {
    setChoice((was) => {
      const next = was === 'utc' ? 'local' : 'utc';
      try {
        window.localStorage.setItem(ADMIN_TIME_ZONE_KEY, next);
      } catch {
        // A browser that keeps nothing still switches for this page.
      }
      return next;
    });
  }, []);
  const value = useMemo(
    () => ({ choice, timeZone: choice === 'utc' ? 'UTC' : localTimeZone(), toggle }),
    [choice, toggle],
  );
  return <AdminTimeZoneContext.Provider value={value}>{children}</AdminTimeZoneContext.Provider>;
}

/** The zone the back-office shows times in (UTC where no provider chose otherwise). */
export function useAdminTimeZone(): AdminTimeZone {
  return useContext(AdminTimeZoneContext);
}

/** The header's switch between UTC and the operator's own zone; it says which clock the times are in. */
export function TimeZoneSwitch() {
  const { choice, timeZone, toggle } = useAdminTimeZone();
  const other = choice === 'utc' ? `your zone (${localTimeZone()})` : 'UTC';
  return (
    <button
      type="button"
      data-testid="admin-time-zone"
      onClick={toggle}
      title={`Show times in ${other}`}
      className="rounded border border-slate-600 px-2 py-0.5 text-slate-300 text-xs hover:border-cyan-400"
    >
      Times: {timeZone}
    </button>
  );
}
