import { z } from 'zod';
import { accountConfigSchema } from '../methods/account-methods.ts';
import { addressSchema, commitmentSchema, signatureSchema } from '../rpc-params.ts';

/** signatureSubscribe's config; absent commitment is `finalized`, as on mainnet. */
const signatureConfigSchema = z.object({
  commitment: commitmentSchema.optional(),
  enableReceivedNotification: z.boolean().optional(),
});

export const signatureSubscribeParams = z.tuple([signatureSchema, signatureConfigSchema.nullish()]);

/** Its encoding is checked apart (checkEncoding), as getAccountInfo checks it. */
export const accountSubscribeParams = z.tuple([addressSchema, accountConfigSchema.nullish()]);

export const slotSubscribeParams = z.tuple([]);

/** Subscription ids are u64 on mainnet; here they count up from 1 and stay far below 2^53. */
export const unsubscribeParams = z.tuple([z.number().int().nonnegative()]);
