import {
  getBase64EncodedWireTransaction,
  getCompiledTransactionMessageDecoder,
  getTransactionDecoder,
  type Signature,
  signTransaction,
} from '@solana/kit';
import Fastify from 'fastify';
import { expect, it } from 'vitest';
import { describeEachDatabase } from '../../../test/support/database-bed.ts';
import { waitForCommitment } from '../../../test/support/local-chain-server.ts';
import {
  actionErrorSchema,
  actionGetAnswerSchema,
  actionPostAnswerSchema,
  actionsJsonSchema,
} from '../../common/api/solana-actions.ts';
import { ERROR_MESSAGES } from '../../common/protocol.ts';
import { REFUND_TEXTS } from '../../common/refund-texts.ts';
import { CANCEL_WAIT_MS } from '../../common/rules.ts';
import { challengeByCode } from '../game/store/challenge-rows.ts';
import {
  expectMoneyAccountedFor,
  houseWalletForSuite,
  localChainForFile,
  PAID_MODE,
  searchBed,
  type TestLink,
} from '../game/test-support/paid-search-bed.ts';
import { findActionPayment } from '../ledger/entry/action-payment-lookup.ts';
import {
  ACTION_API_PREFIX,
  ACTION_VERSION,
  challengeReference,
  registerChallengeActionRoutes,
} from './challenge-action-routes.ts';

const chain = localChainForFile();
const WAGER = PAID_MODE.wagerLamports;
const ORIGIN = 'https://pong.example';

/**
 * A challenge's link as a Solana Action, on the local chain: actions.json maps the page to the Action; GET
 * describes the challenge with its accept button and the headers the Actions spec asks; POST answers the
 * entry transfer to the house carrying the challenge's reference key; the wallet's payment made through it is
 * found by that key and becomes the entry (verified like every entry, used once); a payment made for a
 * challenge gone by then is refunded in full.
 */
describeEachDatabase('a challenge as a Solana Action', (target) => {
  const house = houseWalletForSuite();

  async function setUp() {
    const bed = await searchBed(chain(), target.db, { houseWallet: house() });
    const app = Fastify();
    registerChallengeActionRoutes(app, {
      db: target.db,
      clock: bed.clock,
      rpc: chain().rpc,
      houseWallet: house(),
      publicOrigin: () => ORIGIN,
    });
    const challenger = await bed.link();
    await bed.game.handle(challenger, {
      type: 'findMatch',
      gameMode: PAID_MODE.id,
      paymentSignature: await bed.payEntry(challenger),
      challenge: 'new',
    });
    const code = challenger.of('findMatch').at(-1)?.challenge?.code ?? '';
    return { bed, app, challenger, code };
  }

  /** Signs the Action's transaction as the friend's wallet would, and sends it. */
  async function signAndSend(friend: TestLink, base64: string): Promise<Signature> {
    const transaction = getTransactionDecoder().decode(Buffer.from(base64, 'base64'));
    const signed = await signTransaction([friend.wallet.keyPair], transaction);
    const signature = await chain()
      .rpc.sendTransaction(getBase64EncodedWireTransaction(signed), { encoding: 'base64' })
      .send();
    await waitForCommitment(chain(), signature, 'confirmed');
    return signature;
  }

  const lookUp = async (bed: Awaited<ReturnType<typeof setUp>>['bed'], code: string, friend: TestLink) =>
    findActionPayment(
      { db: target.db, rpc: chain().rpc, houseWallet: house(), now: bed.clock.now() },
      {
        code,
        walletAddress: friend.wallet.address,
        wagerLamports: WAGER,
        createdAt: (await challengeByCode(target.db, code))?.entry.joinedAt ?? 0,
      },
    );

  it('actions.json maps the challenge pages to the Action; every answer carries the CORS the spec asks', async () => {
    const { app } = await setUp();
    const rules = await app.inject({ method: 'GET', url: '/actions.json' });
    expect(rules.json()).toEqual({
      rules: [{ pathPattern: '/challenge/*', apiPath: `${ACTION_API_PREFIX}*` }],
    });
    expect(rules.headers['access-control-allow-origin']).toBe('*');
    const preflight = await app.inject({ method: 'OPTIONS', url: `${ACTION_API_PREFIX}7dJk2mQpR9xZ` });
    expect(preflight.statusCode).toBe(204);
    expect(preflight.headers['access-control-allow-methods']).toBe('GET,POST,PUT,OPTIONS');
    expect(preflight.headers['access-control-allow-headers']).toContain('Content-Type');
  });

  it('GET describes the open challenge with its accept button, the action version and the chain', async () => {
    const { app, challenger, code } = await setUp();
    const answer = await app.inject({ method: 'GET', url: `${ACTION_API_PREFIX}${code}` });
    expect(answer.statusCode).toBe(200);
    const genesis = await chain().rpc.getGenesisHash().send();
    expect(answer.headers['x-action-version']).toBe(ACTION_VERSION);
    expect(answer.headers['x-blockchain-ids']).toBe(`solana:${genesis.slice(0, 32)}`);
    expect(answer.headers['access-control-allow-origin']).toBe('*');
    const body = answer.json();
    expect(body).toMatchObject({
      type: 'action',
      icon: `${ORIGIN}/favicon.svg`,
      label: 'Accept for 0.1 SOL',
      links: { actions: [{ type: 'transaction', href: `${ACTION_API_PREFIX}${code}` }] },
    });
    expect(body.description).toContain(challenger.wallet.address.slice(0, 5));
    expect(body.description).toContain('0.15 SOL');
    expect(body).not.toHaveProperty('disabled');
    expect((await app.inject({ method: 'GET', url: `${ACTION_API_PREFIX}1111111111ab` })).statusCode).toBe(
      404,
    );
  });

  it('every answer parses with its schema in common/api/solana-actions.ts: actions.json, GET open and closed, POST, refusals', async () => {
    const { bed, app, challenger, code } = await setUp();
    const friend = await bed.link();
    const get = (url: string) => app.inject({ method: 'GET', url });
    const post = (url: string, payload: object) => app.inject({ method: 'POST', url, payload });
    actionsJsonSchema.parse((await get('/actions.json')).json());
    actionGetAnswerSchema.parse((await get(`${ACTION_API_PREFIX}${code}`)).json());
    actionErrorSchema.parse((await get(`${ACTION_API_PREFIX}1111111111ab`)).json());
    actionErrorSchema.parse((await post(`${ACTION_API_PREFIX}${code}`, { account: 'nope' })).json());
    const paid = await post(`${ACTION_API_PREFIX}${code}`, { account: friend.wallet.address });
    expect(paid.statusCode).toBe(200);
    actionPostAnswerSchema.parse(paid.json());
    bed.clock.set(bed.joinedAt(challenger) + CANCEL_WAIT_MS);
    await bed.game.handle(challenger, { type: 'cancelSearch' });
    const closed = actionGetAnswerSchema.parse((await get(`${ACTION_API_PREFIX}${code}`)).json());
    expect(closed.disabled).toBe(true);
    actionErrorSchema.parse(
      (await post(`${ACTION_API_PREFIX}${code}`, { account: friend.wallet.address })).json(),
    );
  });

  it('POST answers the entry transfer to the house with the reference key; paid through it, the entry is taken once and matched', async () => {
    const { bed, app, challenger, code } = await setUp();
    const friend = await bed.link();
    const answer = await app.inject({
      method: 'POST',
      url: `${ACTION_API_PREFIX}${code}`,
      payload: { account: friend.wallet.address },
    });
    expect(answer.statusCode).toBe(200);
    const { type, transaction } = answer.json();
    expect(type).toBe('transaction');
    const decoded = getTransactionDecoder().decode(Buffer.from(transaction, 'base64'));
    const message = getCompiledTransactionMessageDecoder().decode(decoded.messageBytes);
    expect(message.staticAccounts[0]).toBe(friend.wallet.address);
    expect(message.staticAccounts).toContain(house());
    expect(message.staticAccounts).toContain(challengeReference(code));

    expect(await lookUp(bed, code, friend)).toBeNull();
    const signature = await signAndSend(friend, transaction);
    expect(await lookUp(bed, code, friend)).toBe(signature);
    expect(await lookUp(bed, code, challenger)).toBeNull();

    // Opening the link and signing in: the payment found is the entry, verified as every entry is.
    await bed.game.handle(friend, {
      type: 'findMatch',
      gameMode: PAID_MODE.id,
      paymentSignature: signature,
      challenge: code,
    });
    expect(friend.of('matched')).toHaveLength(1);
    expect(challenger.of('matched')[0]?.gameId).toBe(friend.of('matched')[0]?.gameId);
    expect(await lookUp(bed, code, friend)).toBeNull();
    await expectMoneyAccountedFor(target.db, chain(), house());
  });

  it('paid through the Action for a challenge cancelled meanwhile: the entry is refunded in full when it is sent', async () => {
    const { bed, app, challenger, code } = await setUp();
    const friend = await bed.link();
    const answer = await app.inject({
      method: 'POST',
      url: `${ACTION_API_PREFIX}${code}`,
      payload: { account: friend.wallet.address },
    });
    const signature = await signAndSend(friend, answer.json().transaction);
    bed.clock.set(bed.joinedAt(challenger) + CANCEL_WAIT_MS);
    await bed.game.handle(challenger, { type: 'cancelSearch' });

    const closed = await app.inject({ method: 'GET', url: `${ACTION_API_PREFIX}${code}` });
    expect(closed.json()).toMatchObject({
      disabled: true,
      error: { message: 'This challenge is no longer open' },
    });
    const refusedPost = await app.inject({
      method: 'POST',
      url: `${ACTION_API_PREFIX}${code}`,
      payload: { account: friend.wallet.address },
    });
    expect(refusedPost.statusCode).toBe(422);

    expect(await lookUp(bed, code, friend)).toBe(signature);
    await bed.game.handle(friend, {
      type: 'findMatch',
      gameMode: PAID_MODE.id,
      paymentSignature: signature,
      challenge: code,
    });
    expect(friend.sent.at(-1)).toEqual({
      type: 'error',
      data: {
        message: REFUND_TEXTS.withRefund(ERROR_MESSAGES.challengeNotOpen, WAGER),
        code: 'challenge_not_open',
        refundLamports: WAGER.toString(),
      },
    });
    expect((await bed.jobsOf(friend)).map((j) => j.amountLamports)).toEqual([WAGER]);
    expect(await lookUp(bed, code, friend)).toBeNull();
    await expectMoneyAccountedFor(target.db, chain(), house());
  });

  it('POST refuses a body without a valid account, and the challenger’s own account', async () => {
    const { app, challenger, code } = await setUp();
    const url = `${ACTION_API_PREFIX}${code}`;
    expect((await app.inject({ method: 'POST', url, payload: {} })).statusCode).toBe(400);
    expect(
      (await app.inject({ method: 'POST', url, payload: { account: 'not-an-address' } })).statusCode,
    ).toBe(400);
    const own = await app.inject({ method: 'POST', url, payload: { account: challenger.wallet.address } });
    expect(own.statusCode).toBe(422);
  });
});
