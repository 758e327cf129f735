/**
 * The soak's challenge links as friends pass them around: a challenger posts its code, accepters and Blink
 * payers take one. A challenge marked `paired` is taken by two accepters at the same moment (on two nodes
 * when the soak runs two): the first to take it waits until the second does (or a short time), then both send
 * their accept together, so exactly one may win and the other must get its fee back in full.
 */

export type PaidSoakMode = 'smol_shrimp' | 'tiny_tuna';

export interface PostedChallenge {
  code: string;
  mode: PaidSoakMode;
  /** The challenger's wallet. */
  owner: string;
  /** Whether the challenger closed its tab right after posting (its stake must never be forfeited). */
  ownerAway: boolean;
  /** Two accepters race for it. */
  paired: boolean;
}

interface Posted extends PostedChallenge {
  claims: number;
  arrivals: number;
  /** Resolves when the second accepter of a paired challenge is ready to send its accept. */
  bothReady: Promise<void>;
  secondReady: () => void;
}

/** How long the first accepter of a paired challenge waits for the second before accepting alone. */
const PAIR_WAIT_MS = 4_000;

/** A challenge taken for an accept: which claim it is (0 or 1), and the moment to send the accept. */
export interface TakenChallenge {
  challenge: PostedChallenge;
  claim: number;
  /** Called once the accepter has paid and is ready; resolves when it should send its accept. */
  arrive(): Promise<void>;
}

export interface ChallengeBoard {
  post(challenge: PostedChallenge): void;
  /** Withdraws a code (its challenger cancelled, or it was accepted). */
  remove(code: string): void;
  /** Takes an open challenge for an accept (not the bot's own), or null when none is open. */
  takeForAccept(wallet: string, random: () => number): TakenChallenge | null;
  /** Any posted challenge, for a Blink payer (who may pay for one already taken or gone). */
  anyForBlink(random: () => number): PostedChallenge | null;
}

export function createChallengeBoard(): ChallengeBoard {
  const posted = new Map<string, Posted>();
  /** Recently withdrawn codes stay payable by Blink payers for a while: a stale link is what they may hold. */
  const recent: PostedChallenge[] = [];
  const pickOf = <T>(list: T[], random: () => number): T | null =>
    list.length === 0 ? null : list[Math.floor(random() * list.length)]!;
  const withdraw = (code: string) => {
    const found = posted.get(code);
    if (!found) return;
    posted.delete(code);
    recent.push(found);
    if (recent.length > 20) recent.shift();
  };

  return {
    post(challenge) {
      let secondReady = () => {};
      const bothReady = new Promise<void>((resolve) => {
        secondReady = resolve;
      });
      posted.set(challenge.code, { ...challenge, claims: 0, arrivals: 0, bothReady, secondReady });
    },
    remove: withdraw,
    takeForAccept(wallet, random) {
      const open = [...posted.values()].filter((c) => c.owner !== wallet && c.claims < (c.paired ? 2 : 1));
      const chosen = pickOf(open, random);
      if (!chosen) return null;
      const claim = chosen.claims++;
      if (chosen.claims === (chosen.paired ? 2 : 1)) withdraw(chosen.code);
      return {
        challenge: chosen,
        claim,
        arrive() {
          if (!chosen.paired) return Promise.resolve();
          chosen.arrivals++;
          if (chosen.arrivals >= 2) {
            chosen.secondReady();
            return Promise.resolve();
          }
          return Promise.race([
            chosen.bothReady,
            new Promise<void>((resolve) => setTimeout(resolve, PAIR_WAIT_MS)),
          ]);
        },
      };
    },
    anyForBlink(random) {
      return pickOf([...posted.values(), ...recent], random);
    },
  };
}
