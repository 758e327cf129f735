import { z } from 'zod';
import type { LocalChain, SignatureStatus } from '../../local/local-chain.ts';
import { decodeWireTransaction } from '../../local/wire-transaction.ts';
import { invalidParams, JsonRpcError, RPC_ERROR } from '../rpc-errors.ts';
import {
  addressSchema,
  atLeastConfirmed,
  commitmentSchema,
  contextConfigSchema,
  contextSlot,
  parseParams,
  rpcContext,
  signatureSchema,
} from '../rpc-params.ts';
import { statusOf, transactionResponse } from '../transaction-json.ts';
import type { RpcMethods } from './rpc-method.ts';

const MAX_SIGNATURE_STATUSES = 256;
const MAX_SIGNATURES_FOR_ADDRESS = 1000;

const getTransactionConfigSchema = z.object({
  encoding: z.enum(['json', 'jsonParsed', 'base64', 'base58']).optional(),
  commitment: commitmentSchema.optional(),
  maxSupportedTransactionVersion: z.literal(0).optional(),
});

const signaturesForAddressConfigSchema = contextConfigSchema.extend({
  limit: z.number().int().optional(),
  before: signatureSchema.optional(),
  until: signatureSchema.optional(),
});

function statusJson(status: SignatureStatus) {
  return { ...status, status: statusOf(status.err) };
}

/** Statuses, transaction lookups and per-address history: what payment verification polls. */
export function createHistoryMethods(chain: LocalChain): RpcMethods {
  return {
    getSignatureStatuses(params) {
      const schema = z.tuple([
        z.array(signatureSchema).max(MAX_SIGNATURE_STATUSES),
        z.object({ searchTransactionHistory: z.boolean().optional() }).nullish(),
      ]);
      const [signatures, config] = parseParams(schema, params);
      const search = config?.searchTransactionHistory ?? false;
      const value = signatures.map((signature) => {
        const status = chain.signatureStatus(signature, search);
        return status && statusJson(status);
      });
      return { context: rpcContext(chain.slot('processed')), value };
    },
    getTransaction(params) {
      const [signature, config] = parseParams(
        z.tuple([signatureSchema, getTransactionConfigSchema.nullish()]),
        params,
      );
      const commitment = atLeastConfirmed(config?.commitment);
      const record = chain.getTransaction(signature, commitment);
      if (!record) return null;
      const decoded = decodeWireTransaction(record.wire);
      const maxVersion = config?.maxSupportedTransactionVersion;
      if (decoded.version === 0 && maxVersion === undefined) {
        throw new JsonRpcError(
          RPC_ERROR.UNSUPPORTED_TRANSACTION_VERSION,
          'Transaction version (0) is not supported by the requesting client. Please try the request again with the following configuration parameter: "maxSupportedTransactionVersion": 0',
        );
      }
      return transactionResponse(record, decoded, config?.encoding ?? 'json', maxVersion !== undefined);
    },
    getSignaturesForAddress(params) {
      const schema = z.tuple([addressSchema, signaturesForAddressConfigSchema.nullish()]);
      const [address, config] = parseParams(schema, params);
      const commitment = atLeastConfirmed(config?.commitment);
      contextSlot(chain, { commitment, minContextSlot: config?.minContextSlot });
      const limit = config?.limit ?? MAX_SIGNATURES_FOR_ADDRESS;
      if (limit < 1 || limit > MAX_SIGNATURES_FOR_ADDRESS)
        throw invalidParams(`Invalid limit; max ${MAX_SIGNATURES_FOR_ADDRESS}`);
      const records = chain.signaturesForAddress(address, {
        limit,
        before: config?.before,
        until: config?.until,
        commitment,
      });
      return records.map((record) => {
        const status = chain.signatureStatus(record.signature, true);
        return {
          signature: record.signature,
          slot: record.slot,
          err: record.meta.err,
          memo: null,
          blockTime: record.blockTime,
          confirmationStatus: status?.confirmationStatus ?? commitment,
        };
      });
    },
  };
}
