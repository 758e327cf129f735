import type { Address, Signature } from '@solana/kit';
import type { LandedTransaction } from './transaction-record.ts';

export interface SignaturesForAddressQuery {
  limit: number;
  /** Start below this signature (exclusive); an unknown one gives an empty page, as on mainnet. */
  before?: string;
  /** Stop at this signature (exclusive); an unknown one sets no lower bound. */
  until?: string;
  /** Only transactions at or below this slot are visible (the commitment's view). */
  maxSlot: bigint;
}

/** In-memory indexes over the log: signature → transaction, address → its transactions in log order. */
export interface TransactionHistory {
  add(record: LandedTransaction): void;
  get(signature: string): LandedTransaction | undefined;
  /** Newest first. */
  forAddress(address: Address, query: SignaturesForAddressQuery): LandedTransaction[];
  count(): number;
}

export function createTransactionHistory(): TransactionHistory {
  const bySignature = new Map<Signature, LandedTransaction>();
  const byAddress = new Map<Address, LandedTransaction[]>();

  return {
    add(record) {
      bySignature.set(record.signature, record);
      for (const key of new Set(record.accountKeys)) {
        const list = byAddress.get(key);
        if (list) list.push(record);
        else byAddress.set(key, [record]);
      }
    },
    get: (signature) => bySignature.get(signature as Signature),
    forAddress(address, query) {
      const list = byAddress.get(address) ?? [];
      let beforeSeq = Number.POSITIVE_INFINITY;
      if (query.before !== undefined) {
        const before = bySignature.get(query.before as Signature);
        if (!before) return [];
        beforeSeq = before.seq;
      }
      const untilSeq = query.until === undefined ? 0 : (bySignature.get(query.until as Signature)?.seq ?? 0);
      const page: LandedTransaction[] = [];
      for (let i = list.length - 1; i >= 0 && page.length < query.limit; i--) {
        const record = list[i] as LandedTransaction;
        if (record.seq <= untilSeq) break;
        if (record.seq < beforeSeq && record.slot <= query.maxSlot) page.push(record);
      }
      return page;
    },
    count: () => bySignature.size,
  };
}
