import {
  lazy,
  type ReactNode,
  useCallback,
  useEffect,
  useMemo,
  useRef,
  useState,
  useSyncExternalStore,
} from 'react';
import { createStoredValues, storedValues } from '../storage/stored-values.ts';
import { ChunkBoundary } from '../ui/chunk-boundary.tsx';
import { isChunkLoadError, LOAD_FAILURE_TEXT } from '../ui/chunk-errors.ts';
import { useToast } from '../ui/toast-provider.tsx';
import { currentDevice, isMobileDevice } from './device.ts';
import { type WalletApi, WalletContext } from './wallet-api.ts';
import { fetchWalletConfig, type WalletConfig } from './wallet-config.ts';
import type { WalletController } from './wallet-controller.ts';
import { INITIAL_WALLET_STATE, type WalletState } from './wallet-state.ts';

// The dialogs and the debug panel are chunks of their own: the first screen never waits for them.
/** The terms and their acceptance load when the dialog first opens, not on the first page. */
const TermsAcceptanceDialog = lazy(() =>
  import('../auth/terms-acceptance-dialog.tsx').then((m) => ({ default: m.TermsAcceptanceDialog })),
);
const WalletDialogs = lazy(() => import('./wallet-dialogs.tsx').then((m) => ({ default: m.WalletDialogs })));
const WalletDebugPanel = lazy(() =>
  import('./wallet-debug-panel.tsx').then((m) => ({ default: m.WalletDebugPanel })),
);

/** wallet_type in localStorage means a connection to restore. */
const storedWalletType = (): string | null => storedValues.walletType.get();
/** A wallet app's answer in the address (Phantom's deep links, phantom-deeplink/): the controller reads it. */
const walletAppAnswer = (): boolean => /[?&](wallet_connection|wallet_request)=/.test(location.search);
/** Read once as the page loads (the controller cleans the address): a signing answer may be a payment's. */
const paymentAnswerAtLoad = typeof location !== 'undefined' && /[?&]wallet_request=/.test(location.search);

const noSubscription = () => () => {};
const initialState = () => INITIAL_WALLET_STATE;

function useIsMobile(): boolean {
  const [mobile, setMobile] = useState(() => isMobileDevice(currentDevice()));
  useEffect(() => {
    const onResize = () => setMobile(isMobileDevice(currentDevice()));
    window.addEventListener('resize', onResize);
    return () => window.removeEventListener('resize', onResize);
  }, []);
  return mobile;
}

/**
 * Implements WalletApi (wallet-api.ts) for the whole app. It is small on purpose: the
 * wallet controller (Wallet Standard, Kit, the Local Wallet, payment) is imported only when the player
 * connects, pays, or a stored connection is restored after first paint. Needs a ToastProvider above it.
 */
export function WalletProvider({ children }: { children: ReactNode }) {
  const { toast } = useToast();
  const isMobile = useIsMobile();
  const [config, setConfig] = useState<WalletConfig | null>(null);
  const [controller, setController] = useState<WalletController | null>(null);
  const [termsOpen, setTermsOpen] = useState(false);
  const [loadingConnect, setLoadingConnect] = useState(false);
  const configRequest = useRef<Promise<WalletConfig | null> | null>(null);
  const controllerRequest = useRef<Promise<WalletController> | null>(null);
  const toastRef = useRef(toast);
  toastRef.current = toast;

  const loadConfig = useCallback(() => {
    configRequest.current ??= fetchWalletConfig()
      .then((loaded) => {
        setConfig(loaded);
        return loaded;
      })
      .catch((error: unknown) => {
        console.warn('Wallet configuration unavailable', error);
        configRequest.current = null;
        return null;
      });
    return configRequest.current;
  }, []);

  const loadController = useCallback(() => {
    controllerRequest.current ??= (async () => {
      const [{ WalletController }, loadedConfig] = await Promise.all([
        import('./wallet-controller.ts'),
        loadConfig(),
      ]);
      const created = new WalletController({
        config: loadedConfig,
        stored: createStoredValues(),
        toast: (input) => toastRef.current(input),
        device: () => {
          const device = currentDevice();
          return { isMobile: isMobileDevice(device), inWalletApp: device.inWalletApp };
        },
      });
      setController(created);
      await created.start();
      return created;
    })().catch((error: unknown) => {
      controllerRequest.current = null;
      throw error;
    });
    return controllerRequest.current;
  }, [loadConfig]);

  useEffect(() => {
    void loadConfig();
    // SPEC §4 restore on load, after first paint so the wallet code never delays it.
    if (!storedWalletType() && !walletAppAnswer()) return;
    const timer = setTimeout(() => void loadController().catch(() => undefined), 0);
    return () => clearTimeout(timer);
  }, [loadConfig, loadController]);

  useEffect(() => {
    // SPEC §4 restore when the page becomes visible again; the controller takes over once loaded.
    if (controller) return;
    const onVisible = () => {
      if (document.visibilityState === 'visible' && storedWalletType())
        void loadController().catch(() => undefined);
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => document.removeEventListener('visibilitychange', onVisible);
  }, [controller, loadController]);

  useEffect(() => () => controller?.dispose(), [controller]);

  const state: WalletState = useSyncExternalStore(
    controller?.subscribe ?? noSubscription,
    controller?.getState ?? initialState,
  );

  /**
   * SPEC §4: terms acceptance is cleared on every app load, not on every connection. Once accepted in this
   * load, connecting again (after a disconnect) goes straight to the wallet.
   */
  const termsAccepted = useRef(false);
  const acceptTerms = useCallback(async () => {
    termsAccepted.current = true;
    setTermsOpen(false);
    setLoadingConnect(true);
    try {
      await (await loadController()).beginConnect();
    } catch (error) {
      console.warn('Wallet code failed to load', error);
      toastRef.current({
        title: 'Unexpected Error',
        description: isChunkLoadError(error)
          ? `Could not load the wallet. ${LOAD_FAILURE_TEXT}`
          : 'Could not load the wallet.',
        variant: 'destructive',
      });
    } finally {
      setLoadingConnect(false);
    }
  }, [loadController]);

  const api = useMemo<WalletApi>(
    () => ({
      status: loadingConnect && state.status === 'disconnected' ? 'connecting' : state.status,
      publicKey: state.publicKey,
      balanceLamports: state.balanceLamports,
      balanceStale: state.balanceStale,
      isMobile,
      walletName: state.walletName,
      walletIcon: state.walletIcon,
      signedIn: state.signedIn,
      cluster: config?.cluster ?? null,
      houseWallet: config?.houseWallet ?? null,
      connect: () => {
        if (termsAccepted.current) {
          void acceptTerms();
          return;
        }
        // SPEC §4: connecting starts with the terms; the wallet code loads meanwhile.
        setTermsOpen(true);
        void loadController().catch(() => undefined);
      },
      disconnect: async () => {
        await controller?.disconnect();
      },
      refreshBalance: async () => {
        await controller?.refreshBalance();
      },
      payEntry: async (mode, onStatus) => (await loadController()).payEntry(mode, onStatus),
      resumePayment: async (onStatus) =>
        paymentAnswerAtLoad ? (await loadController()).resumePayment(onStatus) : null,
      signIn: async () => {
        await controller?.signIn();
      },
      sessionEnded: () => controller?.sessionEnded(),
      localWallet: state.localWallet && controller ? { airdrop: () => controller.airdrop() } : null,
    }),
    [state, isMobile, config, controller, loadController, loadingConnect, acceptTerms],
  );

  const debug =
    typeof location !== 'undefined' && new URLSearchParams(location.search).get('debug') === 'wallet';

  return (
    <WalletContext.Provider value={api}>
      {children}
      {termsOpen && (
        <ChunkBoundary floating>
          <TermsAcceptanceDialog
            open
            onAccept={() => void acceptTerms()}
            onDecline={() => setTermsOpen(false)}
          />
        </ChunkBoundary>
      )}
      {controller && state.dialog && (
        <ChunkBoundary floating>
          <WalletDialogs dialog={state.dialog} controller={controller} />
        </ChunkBoundary>
      )}
      {debug && (
        <ChunkBoundary
          fallback={
            <div className="fixed bottom-2 left-2 z-40 rounded bg-slate-900/90 px-3 py-2 font-mono text-cyan-300 text-xs">
              Loading debugger...
            </div>
          }
        >
          <WalletDebugPanel state={state} api={api} config={config} />
        </ChunkBoundary>
      )}
    </WalletContext.Provider>
  );
}
