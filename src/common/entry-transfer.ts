import {
  AccountRole,
  type Address,
  appendTransactionMessageInstructions,
  type Blockhash,
  compileTransaction,
  createNoopSigner,
  createTransactionMessage,
  getTransactionEncoder,
  lamports,
  pipe,
  setTransactionMessageFeePayer,
  setTransactionMessageLifetimeUsingBlockhash,
} from '@solana/kit';
import {
  getSetComputeUnitLimitInstruction,
  getSetComputeUnitPriceInstruction,
} from '@solana-program/compute-budget';
import { getTransferSolInstruction } from '@solana-program/system';
import { TRANSFER_COMPUTE_UNIT_LIMIT, TRANSFER_COMPUTE_UNIT_PRICE_MICRO_LAMPORTS } from './rules.ts';

export interface EntryTransferInput {
  payer: Address;
  houseWallet: Address;
  wagerLamports: bigint;
  latestBlockhash: { blockhash: Blockhash; lastValidBlockHeight: bigint };
  /**
   * A key that ties the payment to something of the product's (a challenge accepted through its Solana
   * Action), added to the transfer as a read-only account as Solana Pay's references are: the System program
   * ignores it, and the chain indexes the transaction under it.
   */
  reference?: Address;
}

/**
 * SPEC §7 entry payment: the mode's wager in lamports from the player to the house wallet, with the compute
 * unit price, on the latest blockhash. The compute-unit limit is set too, so the fee is the same on every
 * cluster (entry-cost.ts: 5,010 lamports) instead of following the runtime's default limit. Returned as wire bytes with an empty signature slot, which is what
 * the Wallet Standard's sign features take (and a Solana Action answers); the payer (a signer) is the only
 * signature. Built in the browser for Find Match, and by the server for a challenge's Solana Action.
 */
export function buildEntryTransfer(input: EntryTransferInput): Uint8Array {
  if (input.wagerLamports <= 0n) throw new RangeError('an entry transfer needs a wager above zero');
  // The wallet signs later; a no-op signer only marks the payer as a signer in the compiled message.
  const payer = createNoopSigner(input.payer);
  const message = pipe(
    createTransactionMessage({ version: 0 }),
    (m) => setTransactionMessageFeePayer(input.payer, m),
    (m) => setTransactionMessageLifetimeUsingBlockhash(input.latestBlockhash, m),
    (m) =>
      appendTransactionMessageInstructions(
        [
          getSetComputeUnitLimitInstruction({ units: TRANSFER_COMPUTE_UNIT_LIMIT }),
          getSetComputeUnitPriceInstruction({ microLamports: TRANSFER_COMPUTE_UNIT_PRICE_MICRO_LAMPORTS }),
          withReference(
            getTransferSolInstruction({
              source: payer,
              destination: input.houseWallet,
              amount: lamports(input.wagerLamports),
            }),
            input.reference,
          ),
        ],
        m,
      ),
  );
  return new Uint8Array(getTransactionEncoder().encode(compileTransaction(message)));
}

function withReference<I extends ReturnType<typeof getTransferSolInstruction>>(
  ix: I,
  reference?: Address,
): I {
  if (!reference) return ix;
  return { ...ix, accounts: [...ix.accounts, { address: reference, role: AccountRole.READONLY }] };
}
