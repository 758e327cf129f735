import { type Address, getBase58Encoder, getBase64Encoder, isAddress, isSignature } from '@solana/kit';
import { z } from 'zod';
import { BASE58_TEXT } from '../../../common/text-checks.ts';
import type { Commitment, LocalChain } from '../local/local-chain.ts';
import { commitmentBelowConfirmed, invalidParams, JsonRpcError, RPC_ERROR } from './rpc-errors.ts';

/** Reported as `context.apiVersion`; Kit and wallets only display it. */
export const API_VERSION = '3.0.0';

export const commitmentSchema = z.enum(['processed', 'confirmed', 'finalized']);

/**
 * A u64 arrives as a JSON number. Above 2^53 JSON.parse has already rounded it, so such values are refused
 * rather than silently changed (Kit itself refuses to send them).
 */
export const u64Schema = z
  .number()
  .int()
  .nonnegative()
  .refine(Number.isSafeInteger, 'integer is too large to be exact')
  .transform((n) => BigInt(n));

export const addressSchema = z
  .string()
  .refine((s) => isAddress(s), 'not a base58-encoded 32-byte address')
  .transform((s) => s as Address);

export const signatureSchema = z
  .string()
  .refine((s) => isSignature(s), 'not a base58-encoded 64-byte signature');

/** The config fields most methods accept; unknown fields are ignored, as Agave ignores them. */
export const contextConfigSchema = z.object({
  commitment: commitmentSchema.optional(),
  minContextSlot: u64Schema.optional(),
});

/** Parses positional params; any mismatch is -32602 with the first problem spelled out. */
export function parseParams<T extends z.ZodType>(schema: T, params: unknown[]): z.output<T> {
  const result = schema.safeParse(params);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const where = issue && issue.path.length > 0 ? ` (at param ${issue.path.join('.')})` : '';
  throw invalidParams(`${issue?.message ?? 'invalid params'}${where}`);
}

/**
 * The slot a request is answered at. Absent commitment means `finalized`, the server default (Kit leaves
 * `finalized` out of requests for that reason).
 */
export function contextSlot(
  chain: LocalChain,
  config: { commitment?: Commitment | undefined; minContextSlot?: bigint | undefined } | null | undefined,
): { commitment: Commitment; slot: bigint } {
  const commitment = config?.commitment ?? 'finalized';
  const slot = chain.slot(commitment);
  if (config?.minContextSlot !== undefined && slot < config.minContextSlot) {
    throw new JsonRpcError(
      RPC_ERROR.MIN_CONTEXT_SLOT_NOT_REACHED,
      'Minimum context slot has not been reached',
      {
        contextSlot: slot,
      },
    );
  }
  return { commitment, slot };
}

export function atLeastConfirmed(commitment: Commitment | undefined): 'confirmed' | 'finalized' {
  if (commitment === 'processed') throw commitmentBelowConfirmed();
  return commitment ?? 'finalized';
}

export function rpcContext(slot: bigint) {
  return { slot, apiVersion: API_VERSION };
}

/** Decodes base58 or base64 text with Kit's codecs; bad text is an invalid-params error. */
export function decodeEncodedBytes(text: string, encoding: 'base58' | 'base64'): Uint8Array {
  const valid = encoding === 'base64' ? /^[A-Za-z0-9+/]*={0,2}$/.test(text) : BASE58_TEXT.test(text);
  if (!valid || text.length === 0) throw invalidParams(`invalid ${encoding} encoding`);
  const encoder = encoding === 'base64' ? getBase64Encoder() : getBase58Encoder();
  return new Uint8Array(encoder.encode(text));
}
