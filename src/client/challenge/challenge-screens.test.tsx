// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ChallengeAnswer } from '../../common/api/challenge-api.ts';
import { createFakeClock } from '../../common/clock.ts';
import { CANCEL_WAIT_MS } from '../../common/rules.ts';
import { decodeRenderedQr } from '../test-support/decode-rendered-qr.ts';
import { jsonResponse } from '../test-support/render-app.tsx';
import { CHALLENGE_INVITE_TEXTS, ChallengeInvite } from './challenge-invite.tsx';
import ChallengeQr from './challenge-qr.tsx';
import { OpenChallengePanel } from './open-challenge-panel.tsx';

const CHALLENGER = '9xQeWvG816bUx9EPjHmaT23yvVM2ZWbrrpZb9PusVFin';
const FRIEND = '7EcDhSYGxXyscszYEp35KHN8vvw3svAuLKTzXwCFLtV';
const CODE = '7dJk2mQpR9xZ';
/** A link cut short: no challenge code at all (the server answers 400). */
const MALFORMED = '7dJk2m';

let answer: ChallengeAnswer | null;
/** The wallet's payment made through the challenge's Solana Action, as the server finds it. */
let actionPayment: string | null;
const PAID_IN_WALLET = '5'.repeat(88);
beforeEach(() => {
  actionPayment = null;
  const now = Date.now();
  answer = {
    code: CODE,
    mode: 'smol_shrimp',
    stakeLamports: '25000000',
    prizeLamports: '37500000',
    challengerAddress: CHALLENGER,
    status: 'open',
    expiresAt: new Date(now + 9 * 60_000 + 30_000).toISOString(),
    serverTime: new Date(now).toISOString(),
  };
  vi.stubGlobal('fetch', async (url: string) => {
    if (url === `/api/challenges/${MALFORMED}`) return jsonResponse(400, { error: 'Invalid challenge code' });
    if (url === `/api/challenges/${CODE}/action-payment`)
      return jsonResponse(200, { signature: actionPayment });
    return url === `/api/challenges/${CODE}` && answer
      ? jsonResponse(200, answer)
      : jsonResponse(404, { error: 'No challenge has this link' });
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const withQueries = (node: ReactNode) =>
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      {node}
    </QueryClientProvider>,
  );

function invite(
  walletAddress: string | null,
  onAccept = vi.fn(),
  onUsePayment = vi.fn(),
  more: {
    code?: string;
    balanceLamports?: bigint | null;
    canAccept?: boolean | ((mode: string, paidThroughAction: boolean) => boolean);
  } = {},
) {
  const canAccept = more.canAccept ?? true;
  withQueries(
    <ChallengeInvite
      code={more.code ?? CODE}
      walletAddress={walletAddress}
      canAccept={typeof canAccept === 'function' ? canAccept : () => canAccept}
      balanceLamports={more.balanceLamports}
      accepting={false}
      onAccept={onAccept}
      signedIn={walletAddress !== null}
      onUsePayment={onUsePayment}
    />,
  );
  return onAccept;
}

/** The dark modules of the rendered QR code, read back from its SVG path and decoded as a camera would. */
describe("the challenge link's page", () => {
  it('shows who challenges, the mode, the stake, the prize and the time left; accepting names the mode', async () => {
    const onAccept = invite(FRIEND);
    const card = await screen.findByTestId('challenge-invite');
    await screen.findByText(/challenges you to a match of/);
    expect(card.textContent).toContain('9xQeW...sVFin');
    expect(card.textContent).toContain('Smol Shrimp');
    expect(card.textContent).toContain('0.025 SOL');
    expect(card.textContent).toContain('0.0375 SOL');
    expect(card.textContent).toContain('You pay the entry of 0.025 SOL, as your challenger did');
    expect(screen.getByTestId('challenge-status').textContent).toMatch(/^9:(2\d|3[01])$/);
    fireEvent.click(screen.getByTestId('accept-challenge'));
    expect(onAccept).toHaveBeenCalledWith('smol_shrimp');
  });

  it('without a wallet the accept waits for one; to its own challenger it is not offered', async () => {
    invite(null);
    await screen.findByText(CHALLENGE_INVITE_TEXTS.connect);
    expect((screen.getByTestId('accept-challenge') as HTMLButtonElement).disabled).toBe(true);
    cleanup();
    invite(CHALLENGER);
    await screen.findByText(CHALLENGE_INVITE_TEXTS.own);
    expect(screen.queryByTestId('accept-challenge')).toBeNull();
  });

  it.each([
    ['accepted', CHALLENGE_INVITE_TEXTS.closed.accepted],
    ['cancelled', CHALLENGE_INVITE_TEXTS.closed.cancelled],
    ['expired', CHALLENGE_INVITE_TEXTS.closed.expired],
  ] as const)('a challenge %s says so, with no accept', async (status, text) => {
    answer = { ...answer!, status };
    invite(FRIEND);
    await screen.findByText(text);
    expect(screen.queryByTestId('accept-challenge')).toBeNull();
  });

  it('a payment the wallet made through the Solana Action is the entry: accepting uses it and pays nothing again', async () => {
    actionPayment = PAID_IN_WALLET;
    const onAccept = vi.fn();
    const onUsePayment = vi.fn();
    invite(FRIEND, onAccept, onUsePayment);
    await screen.findByTestId('action-payment-found');
    const accept = screen.getByTestId('accept-challenge');
    expect(accept.textContent).toBe(CHALLENGE_INVITE_TEXTS.acceptPaid);
    fireEvent.click(accept);
    expect(onUsePayment).toHaveBeenCalledWith('smol_shrimp', PAID_IN_WALLET);
    expect(onAccept).not.toHaveBeenCalled();
  });

  it('an entry paid through the Action is accepted with what the wallet has left, even nothing', async () => {
    actionPayment = PAID_IN_WALLET;
    const onUsePayment = vi.fn();
    // As the lobby's rule: funds are asked for only when the entry is still to be paid.
    invite(FRIEND, vi.fn(), onUsePayment, { balanceLamports: 0n, canAccept: (_, paid) => paid });
    await screen.findByTestId('action-payment-found');
    const accept = screen.getByTestId('accept-challenge') as HTMLButtonElement;
    expect(accept.disabled).toBe(false);
    expect(screen.queryByTestId('accept-need')).toBeNull();
    fireEvent.click(accept);
    expect(onUsePayment).toHaveBeenCalledWith('smol_shrimp', PAID_IN_WALLET);
  });

  it('a payment made through the Action for a challenge now closed is offered back in full', async () => {
    actionPayment = PAID_IN_WALLET;
    answer = { ...answer!, status: 'cancelled' };
    const onUsePayment = vi.fn();
    invite(FRIEND, vi.fn(), onUsePayment);
    const note = await screen.findByTestId('action-payment-refund');
    expect(note.textContent).toContain(CHALLENGE_INVITE_TEXTS.refundAction);
    fireEvent.click(screen.getByRole('button', { name: CHALLENGE_INVITE_TEXTS.claimRefund }));
    expect(onUsePayment).toHaveBeenCalledWith('smol_shrimp', PAID_IN_WALLET);
  });

  it('a link no challenge has says so', async () => {
    answer = null;
    invite(FRIEND);
    await screen.findByText(CHALLENGE_INVITE_TEXTS.notFound);
  });

  const heading = () => screen.getByRole('heading', { level: 3 }).textContent;

  it.each([
    ['no challenge has', CODE],
    ['whose code is cut short', MALFORMED],
  ])(
    'a link %s is headed CHALLENGE NOT FOUND, with what to do, and never YOU ARE CHALLENGED',
    async (_, code) => {
      answer = null;
      invite(FRIEND, vi.fn(), vi.fn(), { code });
      await screen.findByText(CHALLENGE_INVITE_TEXTS.notFound);
      expect(heading()).toBe('CHALLENGE NOT FOUND');
      expect(CHALLENGE_INVITE_TEXTS.notFound).toMatch(/copied whole.*send it again.*play someone else/);
      expect(document.body.textContent).not.toContain('YOU ARE CHALLENGED');
      expect(screen.queryByTestId('accept-challenge')).toBeNull();
    },
  );

  it('while the link is read nothing is claimed of it: the heading is CHALLENGE', async () => {
    invite(FRIEND);
    expect(heading()).toBe('CHALLENGE');
    await screen.findByText(/challenges you to a match of/);
    expect(heading()).toBe('YOU ARE CHALLENGED');
  });

  it.each([
    ['accepted', 'CHALLENGE ALREADY ACCEPTED'],
    ['cancelled', 'CHALLENGE CANCELLED'],
    ['expired', 'CHALLENGE EXPIRED'],
  ] as const)('a challenge %s is headed %s', async (status, title) => {
    answer = { ...answer!, status };
    invite(FRIEND);
    await screen.findByText(CHALLENGE_INVITE_TEXTS.closed[status]);
    expect(heading()).toBe(title);
  });

  it("the challenger's own link is headed YOUR CHALLENGE", async () => {
    invite(CHALLENGER);
    await screen.findByText(CHALLENGE_INVITE_TEXTS.own);
    expect(heading()).toBe('YOUR CHALLENGE');
  });

  it('Accept Challenge greyed for want of funds says why: the exact amount the entry needs and the balance', async () => {
    invite(FRIEND, vi.fn(), vi.fn(), { balanceLamports: 0n, canAccept: false });
    const need = await screen.findByTestId('accept-need');
    expect((screen.getByTestId('accept-challenge') as HTMLButtonElement).disabled).toBe(true);
    // 0.025 SOL entry + 5,010 lamports network fee + 890,880 lamports rent reserve, to the lamport.
    expect(need.textContent).toBe(
      'Need 0.02589589 SOL to accept: the 0.025 SOL entry, the network fee and the rent reserve. Your wallet holds 0 SOL.',
    );
  });

  it('one lamport short still says what is needed; a balance that pays the entry says nothing', async () => {
    invite(FRIEND, vi.fn(), vi.fn(), { balanceLamports: 25_895_889n, canAccept: false });
    expect((await screen.findByTestId('accept-need')).textContent).toContain(
      'Your wallet holds 0.025895889 SOL.',
    );
    cleanup();
    invite(FRIEND, vi.fn(), vi.fn(), { balanceLamports: 25_895_890n });
    await screen.findByTestId('accept-challenge');
    expect(screen.queryByTestId('accept-need')).toBeNull();
  });
});

describe("the challenger's open challenge", () => {
  it('shows the link to share and a QR code that decodes to it', async () => {
    const clock = createFakeClock();
    render(
      <OpenChallengePanel
        view={{ searchStartTime: clock.now(), cancelling: 'idle' }}
        challenge={{ code: CODE, expiresAt: clock.now() + 10 * 60_000 }}
        mode="smol_shrimp"
        onCancel={() => {}}
        clock={clock}
      />,
    );
    const link = `${window.location.origin}/challenge/${CODE}`;
    expect((screen.getByTestId('challenge-link') as HTMLInputElement).value).toBe(link);
    expect(screen.getByTestId('challenge-expires-in').textContent).toBe('10:00');
    const qr = await screen.findByTestId('challenge-qr');
    expect(decodeRenderedQr(qr as unknown as SVGElement)).toBe(link);
  });

  it('QR codes of two links differ, each decoding to its own', () => {
    const first = render(<ChallengeQr text="http://localhost/challenge/7dJk2mQpR9xZ" />);
    const a = decodeRenderedQr(first.getByTestId('challenge-qr') as unknown as SVGElement);
    cleanup();
    const second = render(<ChallengeQr text="http://localhost/challenge/8eKm3nRqS1yA" />);
    const b = decodeRenderedQr(second.getByTestId('challenge-qr') as unknown as SVGElement);
    expect([a, b]).toEqual([
      'http://localhost/challenge/7dJk2mQpR9xZ',
      'http://localhost/challenge/8eKm3nRqS1yA',
    ]);
  });

  it('Cancel Challenge follows the paid search’s rule: off before 10 s, on at 10 s', () => {
    const clock = createFakeClock();
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      const onCancel = vi.fn();
      const start = clock.now();
      render(
        <OpenChallengePanel
          view={{ searchStartTime: start, cancelling: 'idle' }}
          challenge={{ code: CODE, expiresAt: start + 10 * 60_000 }}
          mode="smol_shrimp"
          onCancel={onCancel}
          clock={clock}
        />,
      );
      const cancel = screen.getByRole('button', { name: 'Cancel Challenge' }) as HTMLButtonElement;
      expect(cancel.disabled).toBe(true);
      act(() => {
        clock.set(start + CANCEL_WAIT_MS);
        vi.advanceTimersByTime(CANCEL_WAIT_MS);
      });
      expect(cancel.disabled).toBe(false);
      fireEvent.click(cancel);
      expect(onCancel).toHaveBeenCalledTimes(1);
      expect(screen.getByTestId('challenge-expires-in').textContent).toBe('9:50');
    } finally {
      vi.useRealTimers();
    }
  });
});
