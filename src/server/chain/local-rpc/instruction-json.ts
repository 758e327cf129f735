import { AccountRole, type Address, getBase58Encoder } from '@solana/kit';
import { parseSystemInstruction, SYSTEM_PROGRAM_ADDRESS, SystemInstruction } from '@solana-program/system';

/** An instruction in `jsonParsed` form: parsed for programs mainnet parses, partially decoded otherwise. */
export type InstructionJsonParsed =
  | {
      program: string;
      programId: Address;
      parsed: { type: string; info: object };
      stackHeight: number | null;
    }
  | { programId: Address; accounts: Address[]; data: string; stackHeight: number | null };

/** The System program instructions as Agave's parse_system writes them (`info` field names included). */
function systemInfo(accounts: Address[], data: Uint8Array): { type: string; info: object } | undefined {
  const metas = accounts.map((address) => ({ address, role: AccountRole.READONLY }));
  const ix = parseSystemInstruction({ programAddress: SYSTEM_PROGRAM_ADDRESS, accounts: metas, data });
  const a = ix.accounts as Record<string, { address: Address } | undefined>;
  const at = (name: string) => a[name]?.address;
  switch (ix.instructionType) {
    case SystemInstruction.TransferSol:
      return {
        type: 'transfer',
        info: { source: at('source'), destination: at('destination'), lamports: ix.data.amount },
      };
    case SystemInstruction.CreateAccount:
      return {
        type: 'createAccount',
        info: {
          source: at('payer'),
          newAccount: at('newAccount'),
          lamports: ix.data.lamports,
          space: ix.data.space,
          owner: ix.data.programAddress,
        },
      };
    case SystemInstruction.Assign:
      return { type: 'assign', info: { account: at('account'), owner: ix.data.programAddress } };
    case SystemInstruction.Allocate:
      return { type: 'allocate', info: { account: at('newAccount'), space: ix.data.space } };
    case SystemInstruction.CreateAccountWithSeed:
      return {
        type: 'createAccountWithSeed',
        info: {
          source: at('payer'),
          newAccount: at('newAccount'),
          base: ix.data.base,
          seed: ix.data.seed,
          lamports: ix.data.amount,
          space: ix.data.space,
          owner: ix.data.programAddress,
        },
      };
    case SystemInstruction.TransferSolWithSeed:
      return {
        type: 'transferWithSeed',
        info: {
          source: at('source'),
          sourceBase: at('baseAccount'),
          destination: at('destination'),
          lamports: ix.data.amount,
          sourceSeed: ix.data.fromSeed,
          sourceOwner: ix.data.fromOwner,
        },
      };
    case SystemInstruction.AdvanceNonceAccount:
      return {
        type: 'advanceNonce',
        info: {
          nonceAccount: at('nonceAccount'),
          recentBlockhashesSysvar: at('recentBlockhashesSysvar'),
          nonceAuthority: at('nonceAuthority'),
        },
      };
    default:
      return undefined;
  }
}

export function instructionJsonParsed(
  programId: Address,
  accounts: Address[],
  base58Data: string,
  stackHeight: number | null,
): InstructionJsonParsed {
  if (programId === SYSTEM_PROGRAM_ADDRESS) {
    try {
      const parsed = systemInfo(accounts, new Uint8Array(getBase58Encoder().encode(base58Data)));
      if (parsed) return { program: 'system', programId, parsed, stackHeight };
    } catch {
      // Malformed or too few accounts: mainnet falls back to the partially decoded form too.
    }
  }
  return { programId, accounts, data: base58Data, stackHeight };
}
