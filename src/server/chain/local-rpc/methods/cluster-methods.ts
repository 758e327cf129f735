import { getCompiledTransactionMessageDecoder } from '@solana/kit';
import { z } from 'zod';
import type { LocalChain } from '../../local/local-chain.ts';
import { epochOf } from '../../local/transaction-executor.ts';
import type { CompiledMessage } from '../../local/wire-transaction.ts';
import { invalidParams } from '../rpc-errors.ts';
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
import type { RpcMethods } from './rpc-method.ts';

const configOnly = z.tuple([contextConfigSchema.nullish()]);

/** Slots, blockhashes, fees and the cheap identity calls wallets make on connect. */
export function createClusterMethods(chain: LocalChain): RpcMethods {
  return {
    getHealth: () => 'ok',
    getVersion: () => ({ 'solana-core': '3.0.0', 'feature-set': 0 }),
    getGenesisHash: () => chain.genesisHash,
    getSlot(params) {
      const [config] = parseParams(configOnly, params);
      return contextSlot(chain, config).slot;
    },
    getBlockHeight(params) {
      const [config] = parseParams(configOnly, params);
      const { commitment } = contextSlot(chain, config);
      return chain.blockHeight(commitment);
    },
    getTransactionCount(params) {
      const [config] = parseParams(configOnly, params);
      contextSlot(chain, config);
      return chain.transactionCount();
    },
    getEpochInfo(params) {
      const [config] = parseParams(configOnly, params);
      const { commitment, slot } = contextSlot(chain, config);
      const { epoch, slotIndex, slotsInEpoch } = epochOf(slot);
      return {
        absoluteSlot: slot,
        blockHeight: chain.blockHeight(commitment),
        epoch,
        slotIndex,
        slotsInEpoch,
        transactionCount: chain.transactionCount(),
      };
    },
    getLatestBlockhash(params) {
      const [config] = parseParams(configOnly, params);
      const { commitment } = contextSlot(chain, config);
      const { slot, blockhash, lastValidBlockHeight } = chain.latestBlockhash(commitment);
      return { context: rpcContext(slot), value: { blockhash, lastValidBlockHeight } };
    },
    isBlockhashValid(params) {
      const [blockhash, config] = parseParams(z.tuple([z.string(), contextConfigSchema.nullish()]), params);
      const { commitment, slot } = contextSlot(chain, config);
      return { context: rpcContext(slot), value: chain.isBlockhashValid(blockhash, commitment) };
    },
    getFeeForMessage(params) {
      const [text, config] = parseParams(z.tuple([z.string(), contextConfigSchema.nullish()]), params);
      const { slot } = contextSlot(chain, config);
      let message: CompiledMessage;
      try {
        message = getCompiledTransactionMessageDecoder().decode(
          decodeEncodedBytes(text, 'base64'),
        ) as CompiledMessage;
      } catch {
        throw invalidParams('the message is not a base64-encoded transaction message');
      }
      if ((message.version as unknown) === 1) throw invalidParams('transaction version 1 is not supported');
      return { context: rpcContext(slot), value: chain.feeForMessage(message) };
    },
    getRecentPrioritizationFees(params) {
      parseParams(z.tuple([z.array(addressSchema).max(128).nullish()]), params);
      return [];
    },
    getMinimumBalanceForRentExemption(params) {
      const schema = z.tuple([u64Schema, z.object({ commitment: commitmentSchema.optional() }).nullish()]);
      const [space] = parseParams(schema, params);
      return chain.minimumBalanceForRentExemption(space);
    },
  };
}
