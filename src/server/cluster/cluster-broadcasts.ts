import type { NodeActs } from '../game/topology.ts';
import type { MovementNotice } from '../ledger/money-notice.ts';
import type { Logger } from '../logger.ts';
import type { BanChange } from '../security/bans.ts';
import type { PlayerSession } from '../security/player-sessions.ts';
import { banChannel, protectionChannel, signOutChannel, walletNoticeChannel } from './cluster-channels.ts';
import type { ClusterPubSub } from './pubsub.ts';

/**
 * What one node does that every node must act on: a ban made through any node reaches
 * the sockets and searches every node holds, a sign-out closes its session's sockets on every node, and a ledger movement reaches the wallet's sockets wherever
 * they are; a player's own protection change closes the searches it now refuses wherever they are held. Each is published once and acted on by every subscribed node, this one included, through the
 * same handler. If Redis cannot take the message, this node still acts on it itself (its own sockets are
 * told; other nodes learn a ban at the player's next search, which reads the database), and says so.
 */
export interface ClusterBroadcasts {
  /** A ban changed here: every node acts on it. */
  banChanged(change: BanChange): void;
  /** A player signed out through this node: every node closes the sockets of that session. */
  signedOut(ended: PlayerSession): void;
  /** A ledger movement happened here: the node holding the wallet's socket tells it. */
  notify(notice: MovementNotice): void;
  /** A wallet's own protection changed here: every node closes the searches of it that it now refuses. */
  protectionChanged(walletAddress: string): void;
  close(): Promise<void>;
}

/** Cluster mode's bus (game/topology.ts `NodeBus`): publishes at once; this node acts once it listens. */
export interface ClusterBus extends ClusterBroadcasts {
  /** Subscribes this node's own acts: from now on they run for every publish of every node. */
  listen(acts: NodeActs<MovementNotice>): Promise<void>;
}

export function createClusterBus(deps: {
  pubsub: ClusterPubSub;
  log: (message: string, error?: unknown) => void;
}): ClusterBus {
  const bans = deps.pubsub.channel(banChannel);
  const notices = deps.pubsub.channel(walletNoticeChannel);
  const signOuts = deps.pubsub.channel(signOutChannel);
  const protections = deps.pubsub.channel(protectionChannel);
  /** This node's acts, once listening: a message Redis could not take is acted on here only. */
  const here = new Set<NodeActs<MovementNotice>>();
  const stops: Array<() => Promise<void>> = [];

  return {
    async listen(acts) {
      here.add(acts);
      stops.push(
        await bans.subscribe(acts.ban),
        await notices.subscribe(acts.notice),
        await signOuts.subscribe(acts.signOut),
        await protections.subscribe(acts.protection),
      );
    },
    banChanged(change) {
      bans.publish(change).catch((error: unknown) => {
        deps.log('a ban change could not be broadcast to the other nodes; acting on it here only', error);
        for (const acts of here) acts.ban(change);
      });
    },
    signedOut(ended) {
      signOuts.publish(ended).catch((error: unknown) => {
        // The session is deleted in the database, so no node lets its cookie open a socket again.
        deps.log(
          'a sign-out could not be broadcast to the other nodes; closing its sockets here only',
          error,
        );
        for (const acts of here) acts.signOut(ended);
      });
    },
    notify(notice) {
      notices.publish(notice).catch((error: unknown) => {
        deps.log(
          `the ${notice.type} notice of ${notice.walletAddress} could not be broadcast; told here only`,
          error,
        );
        for (const acts of here) acts.notice(notice);
      });
    },
    protectionChanged(walletAddress) {
      protections.publish(walletAddress).catch((error: unknown) => {
        // Another node's open search of the wallet is still refused at its accept and its pairing.
        deps.log(
          `the protection change of ${walletAddress} could not be broadcast; acting on it here only`,
          error,
        );
        for (const acts of here) acts.protection(walletAddress);
      });
    },
    async close() {
      for (const stop of stops.splice(0)) await stop().catch(() => {});
      here.clear();
    },
  };
}

/** A bus listening with the given acts at once. */
export async function wireClusterBroadcasts(deps: {
  pubsub: ClusterPubSub;
  /** This node's own action on a ban change (its searches and sockets). */
  actOnBan: (change: BanChange) => void;
  /** This node's own action on a sign-out (the session's sockets it holds). */
  actOnSignOut: (ended: PlayerSession) => void;
  /** This node's own delivery of a movement to the wallet's sockets it holds. */
  deliverNotice: (notice: MovementNotice) => void;
  /** This node's own action on a wallet's protection change (its searches of that wallet). */
  actOnProtection: (walletAddress: string) => void;
  log: Logger;
}): Promise<ClusterBroadcasts> {
  const bus = createClusterBus(deps);
  await bus.listen({
    ban: deps.actOnBan,
    signOut: deps.actOnSignOut,
    notice: deps.deliverNotice,
    protection: deps.actOnProtection,
  });
  return bus;
}
