import { Component, type ErrorInfo, type ReactNode, Suspense } from 'react';
import { LOAD_FAILURE_TEXT, LOAD_FAILURE_TITLE } from './chunk-errors.ts';

export interface ChunkBoundaryProps {
  children: ReactNode;
  /** Shown while the chunk loads (Suspense's fallback); nothing by default. */
  fallback?: ReactNode;
  /** Over the page rather than in its place: for parts that are dialogs or panels of their own. */
  floating?: boolean;
  /** Reloads the page; tests pass their own. */
  reload?: () => void;
}

interface State {
  failed: boolean;
}

const reloadPage = () => globalThis.location.reload();

/**
 * Around every lazily loaded part of the app (each is a chunk of its own): a chunk that fails to
 * load (after a deploy, or offline) or a part that throws while rendering shows a clear message and a
 * 'Reload' button instead of a blank page, and the error is logged.
 */
export class ChunkBoundary extends Component<ChunkBoundaryProps, State> {
  override state: State = { failed: false };

  static getDerivedStateFromError(): State {
    return { failed: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error('A part of the page failed to load or render', error, info.componentStack);
  }

  override render() {
    const { children, fallback = null, floating = false, reload = reloadPage } = this.props;
    if (!this.state.failed) return <Suspense fallback={fallback}>{children}</Suspense>;
    const notice = <LoadFailureNotice onReload={reload} />;
    if (!floating) return notice;
    return (
      <div className="fixed inset-0 z-50 flex items-center justify-center bg-black/70 p-4">{notice}</div>
    );
  }
}

function LoadFailureNotice({ onReload }: { onReload(): void }) {
  return (
    <div
      role="alert"
      className="mx-auto my-6 w-full max-w-md rounded-lg border-2 border-yellow-400/70 bg-slate-950/90 p-5 text-center font-retro"
    >
      <h2 className="font-bold text-lg text-yellow-300">{LOAD_FAILURE_TITLE}</h2>
      <p className="mt-3 text-slate-300 text-sm">{LOAD_FAILURE_TEXT}</p>
      <button
        type="button"
        onClick={onReload}
        className="mt-4 rounded border-2 border-cyan-400 px-5 py-2 font-bold text-cyan-200 hover:bg-cyan-400/10"
      >
        Reload
      </button>
    </div>
  );
}
