import {
  type Address,
  type GetSignatureStatusesApi,
  lamports,
  type RequestAirdropApi,
  type Rpc,
} from '@solana/kit';

/** The 'Airdrop test SOL' button asks the local chain for 1 SOL. */
export const AIRDROP_LAMPORTS = 1_000_000_000n;

export interface AirdropDeps {
  rpc: Rpc<RequestAirdropApi & GetSignatureStatusesApi>;
  sleep?: (ms: number) => Promise<void>;
  pollIntervalMs?: number;
  maxPolls?: number;
}

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** requestAirdrop on the local /rpc, then waits until the credit is confirmed (so the balance shows it). */
export async function airdropTestSol(to: Address, deps: AirdropDeps): Promise<void> {
  const sleep = deps.sleep ?? defaultSleep;
  const signature = await deps.rpc
    .requestAirdrop(to, lamports(AIRDROP_LAMPORTS), { commitment: 'confirmed' })
    .send();
  for (let poll = 0; poll < (deps.maxPolls ?? 30); poll++) {
    if (poll > 0) await sleep(deps.pollIntervalMs ?? 500);
    const [status] = (await deps.rpc.getSignatureStatuses([signature]).send()).value;
    if (status?.err) throw new Error('The airdrop failed on the local chain');
    if (status?.confirmationStatus === 'confirmed' || status?.confirmationStatus === 'finalized') return;
  }
  throw new Error('The airdrop was not confirmed in time');
}
