import { getBase58Decoder, getBase58Encoder } from '@solana/kit';
import nacl from 'tweetnacl';

/**
 * Phantom's side of the deep-link protocol, played with tweetnacl the way docs.phantom.com describes it:
 * its own X25519 keypair, the shared secret from the page's `dapp_encryption_public_key`, answers sealed
 * with nacl.box.after, and an ed25519 wallet key that signs what the page asks it to sign.
 */
export const b58 = (bytes: Uint8Array) => getBase58Decoder().decode(bytes);
export const unb58 = (text: string) => new Uint8Array(getBase58Encoder().encode(text));

export function simulatedPhantom(session = 'phantom-session-token') {
  const box = nacl.box.keyPair();
  const walletKey = nacl.sign.keyPair();
  const address = b58(walletKey.publicKey);
  const secrets = new Map<string, Uint8Array>();

  const secretFor = (dappPublicKey: string) => {
    let secret = secrets.get(dappPublicKey);
    if (!secret) {
      secret = nacl.box.before(unb58(dappPublicKey), box.secretKey);
      secrets.set(dappPublicKey, secret);
    }
    return secret;
  };

  /** `value` sealed for the page: raw text when a string (to test malformed JSON), else JSON. */
  function seal(dappPublicKey: string, value: unknown, nonce = nacl.randomBytes(24)) {
    const text = typeof value === 'string' ? value : JSON.stringify(value);
    const data = nacl.box.after(
      new Uint8Array(new TextEncoder().encode(text)),
      nonce,
      secretFor(dappPublicKey),
    );
    return { nonce: b58(nonce), data: b58(data) };
  }

  function redirect(redirectLink: string, params: Record<string, string>): string {
    const url = new URL(redirectLink);
    for (const [k, v] of Object.entries(params)) url.searchParams.set(k, v);
    return url.toString();
  }

  return {
    address,
    session,
    walletKey,
    publicKey: b58(box.publicKey),
    seal,
    redirect,
    /** The connect link's parameters. */
    connectRequest(link: string) {
      const url = new URL(link);
      return {
        dappPublicKey: url.searchParams.get('dapp_encryption_public_key') ?? '',
        redirectLink: url.searchParams.get('redirect_link') ?? '',
      };
    },
    /** The player approves: `{ public_key, session }` sealed to the page, sent to the redirect link. */
    approveConnect(link: string, answer: unknown = { public_key: address, session }): string {
      const { dappPublicKey, redirectLink } = this.connectRequest(link);
      return redirect(redirectLink, {
        phantom_encryption_public_key: b58(box.publicKey),
        ...seal(dappPublicKey, answer),
      });
    },
    /** A signing link opened: its method, redirect link and decrypted payload (null if it does not open). */
    openRequest(link: string) {
      const url = new URL(link);
      const dappPublicKey = url.searchParams.get('dapp_encryption_public_key') ?? '';
      const opened = nacl.box.open.after(
        unb58(url.searchParams.get('payload') ?? ''),
        unb58(url.searchParams.get('nonce') ?? ''),
        secretFor(dappPublicKey),
      );
      return {
        method: url.pathname.replace('/ul/v1/', ''),
        origin: url.origin,
        dappPublicKey,
        redirectLink: url.searchParams.get('redirect_link') ?? '',
        payload: opened ? (JSON.parse(new TextDecoder().decode(opened)) as Record<string, unknown>) : null,
      };
    },
    /** The player approves a request: `{ signature }` sealed to the page. */
    answerRequest(link: string, answer: unknown): string {
      const request = this.openRequest(link);
      return redirect(request.redirectLink, seal(request.dappPublicKey, answer));
    },
    reject(redirectLink: string, errorCode = '4001', errorMessage = 'User rejected the request.'): string {
      return redirect(redirectLink, { errorCode, errorMessage });
    },
  };
}

export type SimulatedPhantom = ReturnType<typeof simulatedPhantom>;
