import { walletChain } from '../support/product-chain.ts';

/**
 * The chain of a server on the real clock (real processes): a transaction is confirmed by polling its status
 * in real time (slots are 400 ms), within a bound.
 */
export function realTimeChain(serverUrl: string, confirmTimeoutMs = 30_000) {
  return walletChain(serverUrl, async (rpc, signature) => {
    const deadline = Date.now() + confirmTimeoutMs;
    for (;;) {
      const { value } = await rpc.getSignatureStatuses([signature as never]).send();
      const status = value[0]?.confirmationStatus;
      if (status === 'confirmed' || status === 'finalized') return;
      if (value[0]?.err) throw new Error(`${signature} failed: ${JSON.stringify(value[0].err)}`);
      if (Date.now() > deadline) throw new Error(`${signature} not confirmed within ${confirmTimeoutMs} ms`);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  });
}

export type RealTimeChain = ReturnType<typeof realTimeChain>;
