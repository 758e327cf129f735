import type { ReactNode } from 'react';
import { formatLamports } from '../../common/format.ts';
import { FINAL_PLAY_TICKS, PLAY_TIME_LIMIT_TICKS, TICK_HZ } from '../../common/game/constants.ts';
import { GAME_MODES } from '../../common/game-modes.ts';
import {
  CANCEL_REFUND_PERCENT,
  CANCEL_RETAINED_PERCENT,
  CANCEL_WAIT_SECONDS,
  PAYOUT_MULTIPLIER_TEXT,
} from '../../common/rules.ts';
import { SUPPORT_EMAIL } from '../site.ts';
import { ModeIcon } from './mode-icons.tsx';

export interface TermsSection {
  number: number;
  title: string;
  body: ReactNode;
}

function ModeFees() {
  return (
    <ul className="mt-2 list-disc space-y-1 pl-5">
      {GAME_MODES.map((mode) => (
        <li key={mode.id}>
          <span style={{ color: mode.color }}>
            <ModeIcon mode={mode.id} className="mr-1 inline h-4 w-4 align-[-2px]" />
            {mode.name}
          </span>
          {': '}
          {mode.feeLamports === null
            ? 'no entry fee and no payout.'
            : `entry fee ${formatLamports(mode.wagerLamports)} per player; the winner receives ${formatLamports(
                mode.winLamports,
              )}; the platform retains ${formatLamports(mode.feeLamports)} per match.`}
        </li>
      ))}
    </ul>
  );
}

const minutes = (ticks: number) => ticks / TICK_HZ / 60;

/**
 * The match-length rule (ARCHITECTURE invariant 11), stated where the product states its rules of play; the
 * numbers come from the constants the server plays by.
 */
export const MATCH_LENGTH_RULE = `In a long rally the ball keeps speeding up and leaves each paddle at a steeper angle. After ${minutes(
  PLAY_TIME_LIMIT_TICKS,
)} minutes of play the next point ends the match and the player ahead wins (if that point levels the score, the point after it decides). After ${minutes(
  FINAL_PLAY_TICKS,
)} minutes of play the match ends at once: the player ahead wins, and a level score is decided by the match's random seed, fixed before play begins and revealed when it ends.`;

/**
 * The Terms of Service (SPEC §1, §2). The published numbering runs 1-15 without 7, and players and support
 * cite sections by number, so the numbers are written out rather than counted.
 */
export const TERMS_SECTIONS: readonly TermsSection[] = [
  {
    number: 1,
    title: 'Acceptance of Terms',
    body: 'By connecting a wallet or playing any game mode you agree to these Terms of Service. If you do not agree, do not use the service.',
  },
  {
    number: 2,
    title: 'Eligibility',
    body: 'You must be at least 18 years old to use the service. By using it you confirm that you are 18 or older and legally able to take part in skill-based wagering where you live.',
  },
  {
    number: 3,
    title: 'Restricted Jurisdictions',
    body: 'The service is not available to residents of, or persons located in, the United States, the United Kingdom, Hong Kong, Singapore, Malta, or any sanctioned country. You are responsible for complying with the laws of your jurisdiction.',
  },
  {
    number: 4,
    title: 'Non-Custodial Service',
    body: 'The service never holds user funds. Entry fees are sent by you, from your own wallet, directly to the house wallet as on-chain transfers, and payouts and refunds are sent on-chain to the wallet that paid the entry fee. You alone control your wallet and its keys.',
  },
  {
    number: 5,
    title: 'Game Modes and Fees',
    body: (
      <>
        Both players in a match pay the same entry fee, and the winner receives {PAYOUT_MULTIPLIER_TEXT} times
        the entry fee. Every mode, including the free practice mode, requires a connected wallet. The game
        modes are:
        <ModeFees />
      </>
    ),
  },
  {
    number: 6,
    title: 'Rules of Play',
    body: `A match is won by the first player to reach 11 points. The ball speeds up during play, and a match typically lasts 2-5 minutes. The game server decides every point and the winner. ${MATCH_LENGTH_RULE}`,
  },
  {
    number: 8,
    title: 'Cancellations and Refunds',
    body: `You may cancel a paid search for an opponent only after waiting ${CANCEL_WAIT_SECONDS} seconds. A cancelled search is refunded at ${CANCEL_REFUND_PERCENT}% of the entry fee (${CANCEL_RETAINED_PERCENT}% is retained). There is no refund once a match has started, except for a technical failure, at the operator’s discretion.`,
  },
  {
    number: 9,
    title: 'Disconnections and Abandonment',
    body: 'A disconnect is an automatic loss. Abandoning a match forfeits your entry fee.',
  },
  {
    number: 10,
    title: 'Connection Requirements',
    body: 'A stable internet connection with latency under 100 ms is advised. The use of a VPN is discouraged, as it adds latency and may lead to account restrictions.',
  },
  {
    number: 11,
    title: 'Fair Play and Account Restrictions',
    body: 'Cheating, automation, collusion and exploiting defects are prohibited. The operator may restrict or ban wallets and IP addresses that break these terms.',
  },
  {
    number: 12,
    title: 'Blockchain Risks and Limitation of Liability',
    body: 'Blockchain transactions are irreversible and may be delayed by network conditions. The service is provided in beta, as is, without warranties, and to the extent permitted by law the operator is not liable for losses caused by wallets, networks or your connection.',
  },
  {
    number: 13,
    title: 'Governing Law',
    body: 'These terms are governed by the laws of the Cayman Islands.',
  },
  {
    number: 14,
    title: 'Arbitration and Class-Action Waiver',
    body: 'Any dispute arising from these terms or the service shall be resolved by binding arbitration under the rules of the International Chamber of Commerce. You waive any right to bring or take part in a class action or any other representative proceeding.',
  },
  {
    number: 15,
    title: 'Contact',
    body: (
      <>
        For support, questions about these terms or refund requests, contact{' '}
        <a className="text-cyan-300 underline" href={`mailto:${SUPPORT_EMAIL}`}>
          {SUPPORT_EMAIL}
        </a>
        .
      </>
    ),
  },
];
