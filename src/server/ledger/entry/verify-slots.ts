/**
 * How many entry payments may be looked up on chain at once (RELIABILITY 29). A look-up is one
 * `getTransaction` call (a few, briefly, only while the RPC fails: verify-lookup.ts), so a slot is held for
 * milliseconds and a full server is rare; when it happens the refusal is passing (`verification_busy`) and
 * the client submits the same payment again.
 */
export interface VerificationLimits {
  /** Fairness is per proven wallet: a player pays one entry at a time. */
  perWallet: number;
  /**
   * One address may hold a quarter of the server, no more: many honest players share an address (a
   * carrier's NAT, an office, a campus; eight paying at one moment must all be verified), while strangers
   * with fresh keypairs behind one address cannot take every slot.
   */
  perIp: number;
  /** The whole server: bounds the RPC calls of every look-up together. */
  overall: number;
}

export const DEFAULT_VERIFICATION_LIMITS: VerificationLimits = { perWallet: 1, perIp: 16, overall: 64 };

export interface VerificationSlots {
  /** Takes one slot of the wallet, of the address (when known) and of the server; null when any is full. */
  take(walletAddress: string, ip: string | null): (() => void) | null;
  inFlight(): number;
}

export function createVerificationSlots(limits: VerificationLimits): VerificationSlots {
  const wallets = new Map<string, number>();
  const addresses = new Map<string, number>();
  let total = 0;
  /** Only keys with a verification in flight are kept, so the maps are bounded by `overall`. */
  const add = (counts: Map<string, number>, key: string, by: 1 | -1) => {
    const next = (counts.get(key) ?? 0) + by;
    if (next > 0) counts.set(key, next);
    else counts.delete(key);
  };

  return {
    take(walletAddress, ip) {
      if (total >= limits.overall) return null;
      if ((wallets.get(walletAddress) ?? 0) >= limits.perWallet) return null;
      if (ip !== null && (addresses.get(ip) ?? 0) >= limits.perIp) return null;
      total++;
      add(wallets, walletAddress, 1);
      if (ip !== null) add(addresses, ip, 1);
      let released = false;
      return () => {
        if (released) return;
        released = true;
        total--;
        add(wallets, walletAddress, -1);
        if (ip !== null) add(addresses, ip, -1);
      };
    },
    inFlight: () => total,
  };
}

/**
 * One look-up per signature: a verification of a signature already being looked up waits for that look-up's
 * answer instead of starting its own, so it costs no RPC call and needs no slot. Each caller still checks
 * the answer against its own wallet, and the database's unique key still decides who gets the entry.
 */
export function shareLookups<T>(lookUp: (signature: string) => Promise<T>) {
  const running = new Map<string, Promise<T>>();
  return {
    /** The look-up of this signature in flight, if any. */
    running: (signature: string) => running.get(signature),
    start(signature: string): Promise<T> {
      const lookup = lookUp(signature).finally(() => running.delete(signature));
      running.set(signature, lookup);
      return lookup;
    },
  };
}
