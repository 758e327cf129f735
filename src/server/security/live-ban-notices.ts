import type { ServerMessage } from '../../common/protocol.ts';
import { type BanChange, type Bans, banChangeConcerns } from './bans.ts';

/** An open socket as a ban notice sees it: who is behind it and how to reach it. */
export interface BanNoticeTarget {
  readonly walletAddress: string | null;
  readonly ip: string | null;
  send(message: ServerMessage): void;
}

/**
 * When an admin bans or unbans a wallet or an address, every open socket it concerns is
 * told its whole ban status at once (SPEC §3 fields), so the lobby shows or lifts 'Account Restricted'
 * without a reload. The status is read per socket: lifting a wallet's ban leaves a socket restricted if its
 * address is still banned, and the other way round.
 */
export async function pushBanStatus(
  bans: Pick<Bans, 'status'>,
  change: BanChange,
  targets: Iterable<BanNoticeTarget>,
): Promise<number> {
  let told = 0;
  for (const target of [...targets]) {
    if (!banChangeConcerns(change, target.walletAddress, target.ip)) continue;
    const status = await bans.status(target.walletAddress, target.ip);
    target.send({ type: 'banStatus', ...status });
    told++;
  }
  return told;
}
