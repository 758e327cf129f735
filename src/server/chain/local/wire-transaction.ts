import {
  type Address,
  getBase58Decoder,
  getCompiledTransactionMessageDecoder,
  getPublicKeyFromAddress,
  getTransactionDecoder,
  type LegacyCompiledTransactionMessage,
  type Signature,
  type Transaction,
  type V0CompiledTransactionMessage,
  verifySignature,
} from '@solana/kit';

/** Mainnet's packet limit: a wire transaction larger than this cannot be sent at all. */
export const MAX_WIRE_TRANSACTION_BYTES = 1232;

/** The transaction bytes cannot be a transaction mainnet would accept; the RPC answers invalid params. */
export class InvalidTransactionError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'InvalidTransactionError';
  }
}

export type CompiledMessage = (LegacyCompiledTransactionMessage | V0CompiledTransactionMessage) &
  Readonly<{ lifetimeToken: string }>;

export interface DecodedTransaction {
  wire: Uint8Array;
  transaction: Transaction;
  message: CompiledMessage;
  version: 'legacy' | 0;
  /** The first (fee payer's) signature names the transaction; all 1s when it is missing, as on mainnet. */
  signature: Signature;
  /** Base58 signatures in signer order; missing ones are 64 zero bytes, as on the wire. */
  signatures: string[];
  blockhash: string;
}

const ZERO_SIGNATURE = new Uint8Array(64);

/** Decodes wire bytes with Kit's codecs and applies the structural checks mainnet's sanitizer makes. */
export function decodeWireTransaction(wire: Uint8Array): DecodedTransaction {
  if (wire.length > MAX_WIRE_TRANSACTION_BYTES) {
    throw new InvalidTransactionError(
      `transaction too large: ${wire.length} bytes (max: ${MAX_WIRE_TRANSACTION_BYTES} bytes)`,
    );
  }
  let transaction: Transaction;
  let message: CompiledMessage;
  try {
    transaction = getTransactionDecoder().decode(wire);
    message = getCompiledTransactionMessageDecoder().decode(transaction.messageBytes) as CompiledMessage;
  } catch {
    throw new InvalidTransactionError('failed to deserialize the transaction');
  }
  const version = message.version as 'legacy' | 0 | 1;
  if (version === 1) throw new InvalidTransactionError('transaction version 1 is not supported');

  const { header, staticAccounts, instructions } = message;
  const lookups = message.version === 0 ? (message.addressTableLookups ?? []) : [];
  const keyCount =
    staticAccounts.length +
    lookups.reduce((n, l) => n + l.writableIndexes.length + l.readonlyIndexes.length, 0);
  const sane =
    header.numSignerAccounts >= 1 &&
    header.numSignerAccounts <= staticAccounts.length &&
    header.numReadonlySignerAccounts < header.numSignerAccounts &&
    header.numReadonlyNonSignerAccounts <= staticAccounts.length - header.numSignerAccounts &&
    new Set(staticAccounts).size === staticAccounts.length &&
    keyCount <= 256 &&
    instructions.every(
      (ix) =>
        ix.programAddressIndex > 0 &&
        ix.programAddressIndex < staticAccounts.length &&
        (ix.accountIndices ?? []).every((i) => i < keyCount),
    );
  if (!sane) throw new InvalidTransactionError('Transaction failed to sanitize accounts offsets correctly');

  const base58 = getBase58Decoder();
  const signatures = staticAccounts
    .slice(0, header.numSignerAccounts)
    .map((signer) => base58.decode(transaction.signatures[signer] ?? ZERO_SIGNATURE));
  return {
    wire,
    transaction,
    message,
    version: message.version,
    signature: signatures[0] as Signature,
    signatures,
    blockhash: message.lifetimeToken,
  };
}

/** Every required signer signed the message bytes (ed25519 through WebCrypto, via Kit). */
export async function hasValidSignatures(decoded: DecodedTransaction): Promise<boolean> {
  const signers = decoded.message.staticAccounts.slice(0, decoded.message.header.numSignerAccounts);
  const checks = signers.map(async (signer: Address) => {
    const signature = decoded.transaction.signatures[signer];
    if (!signature) return false;
    try {
      return await verifySignature(
        await getPublicKeyFromAddress(signer),
        signature,
        decoded.transaction.messageBytes,
      );
    } catch {
      return false;
    }
  });
  return (await Promise.all(checks)).every(Boolean);
}
