/**
 * How many entry payments may be looked up on chain at once (issue 8, fault 6). A well-formed signature the
 * chain does not know costs a whole look-up sequence (about 11 `getTransaction` calls over 30 s), and any
 * freshly signed-in keypair can send one: unbounded, strangers could burn a paid RPC quota.
 */
export interface VerificationLimits {
  /** A player pays one entry at a time: a second payment while the first is looked up is refused. */
  perWallet: number;
  /** Several players behind one address (a household, a NAT), but not an army of fresh keypairs. */
  perIp: number;
  /** The whole server: bounds the RPC calls of every look-up together. */
  overall: number;
}

export const DEFAULT_VERIFICATION_LIMITS: VerificationLimits = { perWallet: 1, perIp: 3, overall: 64 };

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
