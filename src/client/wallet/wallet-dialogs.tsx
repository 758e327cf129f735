import * as Dialog from '@radix-ui/react-dialog';
import { type ReactNode, useState } from 'react';
import { shortenAddress } from '../../common/format.ts';
import { Spinner } from '../ui/spinner.tsx';
import { browseLinks, WALLET_DOWNLOADS } from './deep-links.ts';
import type { WalletController } from './wallet-controller.ts';
import type { WalletChoice, WalletDialog } from './wallet-state.ts';

const BUTTON =
  'flex w-full items-center gap-3 rounded border-2 border-cyan-400/50 bg-slate-900 px-4 py-3 font-bold text-cyan-200 hover:border-cyan-300 hover:bg-slate-800';
const LINK = 'text-cyan-300 underline underline-offset-2 hover:text-cyan-100';

function Frame({
  title,
  description,
  onClose,
  children,
}: {
  title: string;
  description: string;
  onClose(): void;
  children: ReactNode;
}) {
  return (
    <Dialog.Root open onOpenChange={(open) => (open ? undefined : onClose())}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/80" />
        <Dialog.Content className="fixed top-1/2 left-1/2 z-50 max-h-[90vh] w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-lg border-2 border-cyan-400/60 bg-slate-950 p-6 font-retro text-slate-200 shadow-cyan-500/20 shadow-xl">
          <Dialog.Title className="font-bold text-cyan-300 text-xl tracking-wider">{title}</Dialog.Title>
          <Dialog.Description className="mt-1 text-slate-400 text-sm">{description}</Dialog.Description>
          <div className="mt-5 space-y-3">{children}</div>
          <Dialog.Close className="mt-5 w-full rounded border border-slate-600 px-4 py-2 text-slate-300 hover:border-slate-400">
            Close
          </Dialog.Close>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

function WalletButtons({ wallets, onChoose }: { wallets: WalletChoice[]; onChoose(name: string): void }) {
  return (
    <ul className="space-y-2">
      {wallets.map((wallet) => (
        <li key={wallet.name}>
          <button
            type="button"
            data-testid={`wallet-option-${wallet.name}`}
            className={BUTTON}
            onClick={() => onChoose(wallet.name)}
          >
            <img src={wallet.icon} alt="" className="h-8 w-8 rounded" />
            <span>{wallet.name}</span>
          </button>
        </li>
      ))}
    </ul>
  );
}

function DownloadLinks() {
  return (
    <ul className="space-y-2 text-sm">
      {Object.entries(WALLET_DOWNLOADS).map(([name, href]) => (
        <li key={name}>
          <a className={LINK} href={href} target="_blank" rel="noopener noreferrer">
            {`Download ${name}`}
          </a>
        </li>
      ))}
    </ul>
  );
}

function MobileWalletDialog({
  dialog,
  controller,
}: {
  dialog: Extract<WalletDialog, { kind: 'mobile' }>;
  controller: WalletController;
}) {
  const links = browseLinks(dialog.pageUrl, dialog.origin);
  const open = (name: string, href: string) => {
    controller.openedWalletApp(name);
    window.location.href = href;
  };
  const first = links[0]!;
  return (
    <Frame
      title="Connect a Mobile Wallet"
      description="Open this page in your wallet app's browser to connect and pay."
      onClose={() => controller.closeDialog()}
    >
      {dialog.wallets.length > 0 && (
        <WalletButtons wallets={dialog.wallets} onChoose={(name) => void controller.choose(name)} />
      )}
      {links.map((link) => (
        <button
          key={link.name}
          type="button"
          data-testid={`open-in-${link.name}`}
          className={BUTTON}
          onClick={() => open(link.name, link.browse)}
        >
          {`Open in ${link.name}`}
        </button>
      ))}
      <p className="text-slate-400 text-xs">
        {'Nothing happens? Try the app link: '}
        {links.map((link, i) => (
          <span key={link.name}>
            {i > 0 && ' · '}
            <a className={LINK} href={link.appScheme} onClick={() => controller.openedWalletApp(link.name)}>
              {link.name}
            </a>
          </span>
        ))}
      </p>
      <DownloadLinks />
      {/* Phantom's connect deep link: it comes back here with the connection id below (SPEC §4 return). */}
      <a
        className="block w-full rounded bg-green-500 px-4 py-2 text-center font-bold text-slate-950 hover:bg-green-400"
        href={dialog.connectLink ?? first.browse}
        onClick={() => controller.openedWalletApp(first.name)}
      >
        Open App
      </a>
      <p className="text-center font-mono text-slate-500 text-xs" data-testid="connection-id">
        {`Connection ID: ${shortenAddress(dialog.connectionId)}`}
      </p>
    </Frame>
  );
}

function DirectConnectDialog({
  dialog,
  controller,
}: {
  dialog: Extract<WalletDialog, { kind: 'direct' }>;
  controller: WalletController;
}) {
  const [busy, setBusy] = useState(false);
  return (
    <Frame
      title="Connect Wallet"
      description={`Connect ${dialog.walletName ?? 'your wallet'} directly in this browser.`}
      onClose={() => controller.closeDialog()}
    >
      <button
        type="button"
        className={BUTTON}
        disabled={busy}
        onClick={async () => {
          setBusy(true);
          await controller.directConnect();
          setBusy(false);
        }}
      >
        {busy && <Spinner />}
        Direct Connect
      </button>
      {dialog.error && (
        <p role="alert" className="text-red-400 text-sm">
          {dialog.error}
        </p>
      )}
    </Frame>
  );
}

/** The wallet dialogs of SPEC §2: chooser, desktop download page, mobile wallet dialog, Direct Connect. */
export function WalletDialogs({
  dialog,
  controller,
}: {
  dialog: NonNullable<WalletDialog>;
  controller: WalletController;
}) {
  switch (dialog.kind) {
    case 'chooser':
      return (
        <Frame
          title="Choose a Wallet"
          description="Pick the wallet to connect."
          onClose={() => controller.closeDialog()}
        >
          <WalletButtons wallets={dialog.wallets} onChoose={(name) => void controller.choose(name)} />
        </Frame>
      );
    case 'download':
      return (
        <Frame
          title="Get a Solana Wallet"
          description="No Solana wallet was found in this browser."
          onClose={() => controller.closeDialog()}
        >
          <p className="text-sm text-yellow-300">Use a browser extension wallet on desktop</p>
          <DownloadLinks />
        </Frame>
      );
    case 'mobile':
      return <MobileWalletDialog dialog={dialog} controller={controller} />;
    case 'direct':
      return <DirectConnectDialog dialog={dialog} controller={controller} />;
  }
}
