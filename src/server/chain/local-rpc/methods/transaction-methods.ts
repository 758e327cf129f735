import { z } from 'zod';
import { lamportsToSolString } from '../../../../common/format.ts';
import { AirdropError, type LocalChain, type SimulationResult } from '../../local/local-chain.ts';
import { describeTransactionError } from '../../local/transaction-error.ts';
import { InvalidTransactionError } from '../../local/wire-transaction.ts';
import { invalidParams, JsonRpcError, RPC_ERROR } from '../rpc-errors.ts';
import {
  addressSchema,
  commitmentSchema,
  contextConfigSchema,
  contextSlot,
  decodeEncodedBytes,
  parseParams,
  rpcContext,
  u64Schema,
} from '../rpc-params.ts';
import { accountEncodingSchema, accountJson } from './account-methods.ts';
import type { RpcMethods } from './rpc-method.ts';

const wireEncodingSchema = z.enum(['base58', 'base64']).optional();

const sendConfigSchema = z.object({
  encoding: wireEncodingSchema,
  skipPreflight: z.boolean().optional(),
  preflightCommitment: commitmentSchema.optional(),
  maxRetries: z.number().int().nonnegative().optional(),
  minContextSlot: u64Schema.optional(),
});

const simulateConfigSchema = contextConfigSchema.extend({
  encoding: wireEncodingSchema,
  sigVerify: z.boolean().optional(),
  replaceRecentBlockhash: z.boolean().optional(),
  innerInstructions: z.boolean().optional(),
  accounts: z
    .object({ addresses: z.array(addressSchema).max(100), encoding: accountEncodingSchema.optional() })
    .optional(),
});

function signatureVerificationFailure(): JsonRpcError {
  return new JsonRpcError(
    RPC_ERROR.TRANSACTION_SIGNATURE_VERIFICATION_FAILURE,
    'Transaction signature verification failure',
  );
}

/** Agave's RpcSimulateTransactionResult; also the `data` of a -32002 preflight failure. */
function simulationJson(
  result: SimulationResult,
  withInnerInstructions: boolean,
  accounts: unknown[] | null,
) {
  return {
    err: result.err,
    logs: result.logs,
    accounts,
    unitsConsumed: result.unitsConsumed,
    returnData: result.returnData && {
      programId: result.returnData.programId,
      data: [result.returnData.data, 'base64'],
    },
    innerInstructions: withInnerInstructions ? result.innerInstructions : null,
    replacementBlockhash: result.replacementBlockhash,
    loadedAccountsDataSize: 0,
    fee: result.fee,
    preBalances: null,
    postBalances: null,
    preTokenBalances: null,
    postTokenBalances: null,
    loadedAddresses: null,
  };
}

/** Bytes that are not a transaction are invalid params, as Agave answers for undeserializable input. */
async function asInvalidParams<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof InvalidTransactionError)
      throw invalidParams(`invalid transaction: ${error.message}`);
    throw error;
  }
}

/** Devnet's faucet gives at most a few SOL a request; the local one is no more generous by default. */
export const DEFAULT_MAX_AIRDROP_LAMPORTS = 2_000_000_000n;

export function createTransactionMethods(
  chain: LocalChain,
  options: { maxAirdropLamports?: bigint } = {},
): RpcMethods {
  const maxAirdrop = options.maxAirdropLamports ?? DEFAULT_MAX_AIRDROP_LAMPORTS;
  return {
    async sendTransaction(params) {
      const [text, config] = parseParams(z.tuple([z.string(), sendConfigSchema.nullish()]), params);
      const wire = decodeEncodedBytes(text, config?.encoding ?? 'base58');
      contextSlot(chain, { commitment: config?.preflightCommitment, minContextSlot: config?.minContextSlot });
      const outcome = await asInvalidParams(() =>
        chain.sendTransaction(wire, { skipPreflight: config?.skipPreflight ?? false }),
      );
      switch (outcome.kind) {
        case 'accepted':
          return outcome.signature;
        case 'signature-verification-failed':
          throw signatureVerificationFailure();
        case 'preflight-failed': {
          const { simulation } = outcome;
          throw new JsonRpcError(
            RPC_ERROR.SEND_TRANSACTION_PREFLIGHT_FAILURE,
            `Transaction simulation failed: ${describeTransactionError(simulation.err ?? '')}`,
            simulationJson(simulation, false, null),
          );
        }
      }
    },
    async simulateTransaction(params) {
      const [text, config] = parseParams(z.tuple([z.string(), simulateConfigSchema.nullish()]), params);
      const sigVerify = config?.sigVerify ?? false;
      const replaceRecentBlockhash = config?.replaceRecentBlockhash ?? false;
      if (sigVerify && replaceRecentBlockhash)
        throw invalidParams('sigVerify may not be used with replaceRecentBlockhash');
      const accountsConfig = config?.accounts;
      if (accountsConfig?.encoding === 'base64+zstd')
        throw invalidParams('base64+zstd encoding is not available on the local chain');
      const wire = decodeEncodedBytes(text, config?.encoding ?? 'base58');
      const { slot } = contextSlot(chain, config);
      const result = await asInvalidParams(() =>
        chain.simulateTransaction(wire, { sigVerify, replaceRecentBlockhash }),
      );
      if (result === 'signature-verification-failed') throw signatureVerificationFailure();

      let accounts: unknown[] | null = null;
      if (accountsConfig && result.err === null) {
        const encoding = accountsConfig.encoding ?? 'base64';
        accounts = accountsConfig.addresses.map((address) => {
          const post = result.postAccounts.find((account) => account.address === address);
          return accountJson(
            post ? { ...post, exists: true as const } : chain.getAccount(address),
            { encoding },
            'base64',
          );
        });
      }
      return {
        context: rpcContext(slot),
        value: simulationJson(result, config?.innerInstructions ?? false, accounts),
      };
    },
    async requestAirdrop(params) {
      const schema = z.tuple([addressSchema, u64Schema, contextConfigSchema.nullish()]);
      const [address, lamports] = parseParams(schema, params);
      if (lamports === 0n) throw invalidParams('lamports must be greater than zero');
      if (lamports > maxAirdrop) {
        throw invalidParams(
          `an airdrop is at most ${maxAirdrop} lamports (${lamportsToSolString(maxAirdrop)} SOL)`,
        );
      }
      try {
        return await chain.requestAirdrop(address, lamports);
      } catch (error) {
        if (error instanceof AirdropError) throw new JsonRpcError(RPC_ERROR.INTERNAL_ERROR, error.message);
        throw error;
      }
    },
  };
}
