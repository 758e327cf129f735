import { createContext, useContext } from 'react';

/**
 * Logout is a navigation (SPEC §7): the server ends the session, then the browser loads /admin/login. Until
 * that page replaces this one, the back-office would go on polling, and a request that reaches the server
 * after the session ended is answered 401 (which the browser logs, and which would start the 'Authentication
 * Required' flow under a player who simply signed out). The gate closes when Logout is pressed: no admin
 * request starts after it, and every one in flight is aborted before the logout request leaves.
 */

/** An admin request refused or cut off because the admin signed out in this page: handled quietly. */
export class AdminSignedOutError extends Error {
  constructor(options?: { cause?: unknown }) {
    super('Signed out', options);
    this.name = 'AdminSignedOutError';
  }
}

export interface AdminSessionGate {
  /** True from the moment Logout is pressed. */
  readonly closed: boolean;
  /**
   * Runs one request under the gate: refused once closed, aborted if the gate closes while it runs (a
   * rejection then is AdminSignedOutError). `signal` (the query's own) still cancels it as before.
   */
  run<T>(signal: AbortSignal | undefined, request: (signal: AbortSignal) => Promise<T>): Promise<T>;
  /** Logout: nothing starts any more and everything in flight is aborted, synchronously. */
  close(): void;
}

export function createAdminSessionGate(): AdminSessionGate {
  let closed = false;
  const inFlight = new Set<AbortController>();
  return {
    get closed() {
      return closed;
    },
    async run(signal, request) {
      if (closed) throw new AdminSignedOutError();
      const controller = new AbortController();
      const forward = () => controller.abort(signal?.reason);
      if (signal?.aborted) forward();
      else signal?.addEventListener('abort', forward, { once: true });
      inFlight.add(controller);
      try {
        return await request(controller.signal);
      } catch (error) {
        throw closed ? new AdminSignedOutError({ cause: error }) : error;
      } finally {
        inFlight.delete(controller);
        signal?.removeEventListener('abort', forward);
      }
    },
    close() {
      closed = true;
      for (const controller of inFlight) controller.abort(new AdminSignedOutError());
      inFlight.clear();
    },
  };
}

export interface AdminSession {
  gate: AdminSessionGate;
  /** Logout pressed in this page: the gate closes and the panel makes way for the navigation. */
  signOut(): void;
}

export const AdminSessionContext = createContext<AdminSession | null>(null);

/** The admin page's session, or null outside it (a component rendered on its own in a test). */
export const useAdminSession = (): AdminSession | null => useContext(AdminSessionContext);
