import { appendFile, readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import {
  generateKeyPairSigner,
  isSolanaError,
  type Signature,
  SOLANA_ERROR__TRANSACTION_ERROR__ALREADY_PROCESSED,
} from '@solana/kit';
import { afterEach, describe, expect, it } from 'vitest';
import {
  airdropTo,
  type LocalChainServer,
  makeDataDir,
  removeDataDir,
  signedTransfer,
  startLocalChainServer,
  waitForCommitment,
} from '../../../../test/support/local-chain-server.ts';
import { SOL } from '../../../../test/support/money.ts';
import { createFakeClock } from '../../../common/clock.ts';
import { createLocalChain } from '../local/local-chain.ts';

describe('local chain persistence: a restart keeps everything that was answered', () => {
  const dirs: string[] = [];
  afterEach(async () => {
    await Promise.all(dirs.splice(0).map(removeDataDir));
  });

  /** Pays the house a few times and returns what a restarted chain must still know. */
  async function makeHistory(server: LocalChainServer, payments: number) {
    const player = await airdropTo(server, 5n * SOL);
    const house = (await generateKeyPairSigner()).address;
    const signatures: Signature[] = [];
    const wires: string[] = [];
    for (let i = 0; i < payments; i++) {
      const { value: lifetime } = await server.rpc.getLatestBlockhash().send();
      const { wire } = await signedTransfer({
        from: player,
        to: house,
        lamports: BigInt(i + 1) * 10_000_000n,
        lifetime,
      });
      signatures.push(await server.rpc.sendTransaction(wire, { encoding: 'base64' }).send());
      wires.push(wire);
    }
    await waitForCommitment(server, signatures.at(-1) as Signature, 'confirmed');
    const { value: lifetime } = await server.rpc.getLatestBlockhash({ commitment: 'processed' }).send();
    return {
      player,
      house,
      signatures,
      wires,
      lifetime,
      playerBalance: (await server.rpc.getBalance(player.address).send()).value,
      houseBalance: (await server.rpc.getBalance(house).send()).value,
      genesisHash: await server.rpc.getGenesisHash().send(),
      history: (await server.rpc.getSignaturesForAddress(house).send()).map((entry) => entry.signature),
    };
  }

  async function expectSameChain(server: LocalChainServer, before: Awaited<ReturnType<typeof makeHistory>>) {
    expect(await server.rpc.getGenesisHash().send()).toBe(before.genesisHash);
    expect((await server.rpc.getBalance(before.player.address).send()).value).toBe(before.playerBalance);
    expect((await server.rpc.getBalance(before.house).send()).value).toBe(before.houseBalance);
    const history = await server.rpc.getSignaturesForAddress(before.house).send();
    expect(history.map((entry) => entry.signature)).toEqual(before.history);
    const tx = await server.rpc
      .getTransaction(before.signatures[0] as Signature, { encoding: 'json' })
      .send();
    expect(tx?.meta?.fee).toBe(5_060n);
    const valid = await server.rpc
      .isBlockhashValid(before.lifetime.blockhash, { commitment: 'processed' })
      .send();
    expect(valid.value).toBe(true);
    // The signature index survives too: replaying an old payment is still a duplicate.
    const error = await server.rpc
      .sendTransaction(before.wires[0] as never, { encoding: 'base64' })
      .send()
      .catch((e: unknown) => e);
    expect(isSolanaError((error as Error).cause, SOLANA_ERROR__TRANSACTION_ERROR__ALREADY_PROCESSED)).toBe(
      true,
    );
  }

  it('after close() a new chain on the same folder has the same balances, history, indexes and blockhashes', async () => {
    const first = await startLocalChainServer();
    dirs.push(first.dataDir);
    const before = await makeHistory(first, 3);
    await first.stop();

    first.clock.advance(2_000);
    const second = await startLocalChainServer({ dataDir: first.dataDir, clock: first.clock });
    await expectSameChain(second, before);
    // And it keeps working: a new payment with the blockhash issued before the restart lands.
    const { wire } = await signedTransfer({
      from: before.player,
      to: before.house,
      lamports: 1_000_000n,
      lifetime: before.lifetime,
    });
    const signature = await second.rpc.sendTransaction(wire, { encoding: 'base64' }).send();
    await waitForCommitment(second, signature, 'confirmed');
    await second.stop();
  });

  it('a killed process (no close) loses nothing it answered, whether replayed from the log or from a snapshot', async () => {
    const first = await startLocalChainServer({ snapshotEvery: 4 });
    dirs.push(first.dataDir);
    const before = await makeHistory(first, 5); // an airdrop and 5 payments: 6 log records
    await first.stop({ closeChain: false });
    const chainDir = path.join(first.dataDir, 'chain');
    const snapshot = await readFile(path.join(chainDir, 'state.snapshot'));
    expect(snapshot.toString('latin1').split('\n')[1]).toBe('4'); // records 5 and 6 must come from the log

    const second = await startLocalChainServer({ dataDir: first.dataDir, clock: first.clock });
    await expectSameChain(second, before);
    await second.stop({ closeChain: false });

    // A snapshot this server did not write stops the chain instead of silently starting over.
    await writeFile(path.join(chainDir, 'state.snapshot'), '');
    const corrupt = startLocalChainServer({ dataDir: first.dataDir, clock: first.clock });
    await expect(corrupt).rejects.toThrow(/not a snapshot/);
  });

  it('a chain with no snapshot replays its whole log from genesis', async () => {
    const first = await startLocalChainServer({ snapshotEvery: 1_000 });
    dirs.push(first.dataDir);
    const before = await makeHistory(first, 2);
    await first.stop({ closeChain: false });
    expect(await readdir(path.join(first.dataDir, 'chain'))).not.toContain('state.snapshot');
    const second = await startLocalChainServer({ dataDir: first.dataDir, clock: first.clock });
    await expectSameChain(second, before);
    await second.stop();
  });

  it('a torn last log line (a write never acknowledged) is cut off on open; a corrupt earlier line refuses to open', async () => {
    const first = await startLocalChainServer();
    dirs.push(first.dataDir);
    const before = await makeHistory(first, 1);
    await first.stop();
    const log = path.join(first.dataDir, 'chain', 'transactions.log');
    const intact = await readFile(log, 'utf8');
    await appendFile(log, '{"seq":3,"signature":"5xy');

    const second = await startLocalChainServer({ dataDir: first.dataDir, clock: first.clock });
    await expectSameChain(second, before);
    await second.stop();
    expect(await readFile(log, 'utf8')).toBe(intact);

    await writeFile(log, `not json\n${intact}`);
    await expect(createLocalChain({ dataDir: first.dataDir, clock: first.clock })).rejects.toThrow(
      /line 1 is corrupt/,
    );
  });

  it('slots never run backwards across a restart, even when the clock does', async () => {
    const dataDir = await makeDataDir();
    dirs.push(dataDir);
    const early = createFakeClock();
    const first = await createLocalChain({ dataDir, clock: early });
    early.advance(60_000);
    const player = await generateKeyPairSigner();
    await first.requestAirdrop(player.address, SOL);
    const slotBefore = first.currentSlot();
    await first.close();

    // The next run's clock is a year behind the first's (one of them was set wrong).
    const behind = createFakeClock(early.now() - 365 * 24 * 3_600_000);
    const second = await createLocalChain({ dataDir, clock: behind });
    expect(second.currentSlot()).toBeGreaterThanOrEqual(slotBefore);
    expect(second.getBalance(player.address)).toBe(SOL);
    await second.close();
  });

  it('a transfer confirmed before a restart is still confirmed after it, even when the next clock is behind', async () => {
    const dataDir = await makeDataDir();
    dirs.push(dataDir);
    const clock = createFakeClock();
    const first = await createLocalChain({ dataDir, clock });
    const player = await generateKeyPairSigner();
    const signature = await first.requestAirdrop(player.address, SOL);
    clock.advance(400);
    expect(first.getTransaction(signature, 'confirmed')).not.toBeNull();
    await first.close();

    // The next run starts at the moment the first began: no slot has passed on its clock since the transfer.
    const second = await createLocalChain({ dataDir, clock: createFakeClock(clock.now() - 400) });
    expect(second.getTransaction(signature, 'confirmed')?.signature).toBe(signature);
    expect(second.signatureStatus(signature, true)?.confirmationStatus).toBe('confirmed');
    await second.close();
  });
});
