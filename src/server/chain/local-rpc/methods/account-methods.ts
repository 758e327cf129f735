import { type Address, getBase58Decoder, getBase64Decoder, type ReadonlyUint8Array } from '@solana/kit';
import { z } from 'zod';
import type { LocalChain } from '../../local/local-chain.ts';
import { invalidParams, JsonRpcError, RPC_ERROR } from '../rpc-errors.ts';
import { addressSchema, contextConfigSchema, contextSlot, parseParams, rpcContext } from '../rpc-params.ts';
import type { RpcMethods } from './rpc-method.ts';

/** Rent-exempt accounts report u64::MAX as rentEpoch on mainnet. */
const RENT_EXEMPT_EPOCH = 18_446_744_073_709_551_615n;
/** Mainnet refuses base58 for anything longer: base58 grows quadratically in cost. */
const MAX_BASE58_BYTES = 128;
const MAX_MULTIPLE_ACCOUNTS = 100;

export const accountEncodingSchema = z.enum(['base58', 'base64', 'base64+zstd', 'jsonParsed', 'binary']);
type AccountEncoding = z.infer<typeof accountEncodingSchema>;

export const accountConfigSchema = contextConfigSchema.extend({
  encoding: accountEncodingSchema.optional(),
  dataSlice: z
    .object({ offset: z.number().int().nonnegative(), length: z.number().int().nonnegative() })
    .optional(),
});
export type AccountConfig = z.infer<typeof accountConfigSchema>;

/** Kit's MaybeEncodedAccount, loosened so simulation's post-state accounts fit too. */
export type AccountView =
  | { exists: false }
  | {
      exists: true;
      data: ReadonlyUint8Array;
      executable: boolean;
      lamports: bigint;
      programAddress: Address;
      space: bigint;
    };

export function checkEncoding(encoding: AccountEncoding): void {
  if (encoding === 'base64+zstd') {
    throw invalidParams('base64+zstd encoding is not available on the local chain; use base64');
  }
}

/** An account in mainnet's shape; `jsonParsed` falls back to base64 as mainnet does for unparsed owners. */
export function accountJson(
  account: AccountView,
  config: AccountConfig | null | undefined,
  fallback: AccountEncoding,
) {
  if (!account.exists) return null;
  const encoding = config?.encoding ?? fallback;
  const slice = config?.dataSlice;
  const data = slice ? account.data.slice(slice.offset, slice.offset + slice.length) : account.data;
  let encoded: string | [string, string];
  if (encoding === 'base58' || encoding === 'binary') {
    if (data.length > MAX_BASE58_BYTES) {
      throw new JsonRpcError(
        RPC_ERROR.INVALID_REQUEST,
        `Encoded binary (base 58) data should be less than ${MAX_BASE58_BYTES} bytes, please use Base64 encoding.`,
      );
    }
    const text = getBase58Decoder().decode(data);
    encoded = encoding === 'binary' ? text : [text, 'base58'];
  } else {
    encoded = [getBase64Decoder().decode(data), 'base64'];
  }
  return {
    data: encoded,
    executable: account.executable,
    lamports: account.lamports,
    owner: account.programAddress,
    rentEpoch: RENT_EXEMPT_EPOCH,
    space: account.space,
  };
}

export function createAccountMethods(chain: LocalChain): RpcMethods {
  return {
    getBalance(params) {
      const [address, config] = parseParams(z.tuple([addressSchema, contextConfigSchema.nullish()]), params);
      const { slot } = contextSlot(chain, config);
      return { context: rpcContext(slot), value: chain.getBalance(address) };
    },
    getAccountInfo(params) {
      const [address, config] = parseParams(z.tuple([addressSchema, accountConfigSchema.nullish()]), params);
      checkEncoding(config?.encoding ?? 'binary');
      const { slot } = contextSlot(chain, config);
      // Agave's default here is the deprecated "binary": a bare base58 string.
      return { context: rpcContext(slot), value: accountJson(chain.getAccount(address), config, 'binary') };
    },
    getMultipleAccounts(params) {
      const schema = z.tuple([
        z.array(addressSchema).max(MAX_MULTIPLE_ACCOUNTS),
        accountConfigSchema.nullish(),
      ]);
      const [addresses, config] = parseParams(schema, params);
      checkEncoding(config?.encoding ?? 'binary');
      const { slot } = contextSlot(chain, config);
      const value = addresses.map((address: Address) =>
        accountJson(chain.getAccount(address), config, 'base64'),
      );
      return { context: rpcContext(slot), value };
    },
  };
}
