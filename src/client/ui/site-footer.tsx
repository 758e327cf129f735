import { lazy, useState } from 'react';
import { Link } from 'wouter';
import { PAGE_ROUTES } from '../../common/page-routes.ts';
import { PRODUCT_NAME } from '../site.ts';
import { ChunkBoundary } from './chunk-boundary.tsx';

/** The terms' text loads when the link is first pressed, not on the first page. */
const TermsDialog = lazy(() => import('./terms-dialog.tsx').then((m) => ({ default: m.TermsDialog })));

const Dot = () => (
  <span className="mx-2" aria-hidden="true">
    ·
  </span>
);

/**
 * The footer of every screen: current year, the leaderboard and the Terms of Service link (SPEC §2). It ends
 * the page (at the window's bottom when the page is shorter), never floating over it: fixed, it covered
 * Find Match and the history's rows at 1280×800.
 */
export function SiteFooter() {
  const year = new Date().getFullYear();
  const [termsOpen, setTermsOpen] = useState(false);
  return (
    <footer className="border-cyan-400/20 border-t bg-slate-950/85 px-4 py-2 text-center font-retro text-slate-400 text-xs backdrop-blur">
      <span>
        © {year} {PRODUCT_NAME}
      </span>
      <Dot />
      <Link
        href={PAGE_ROUTES.leaderboard}
        className="text-cyan-300 underline underline-offset-2 hover:text-cyan-100"
      >
        Leaderboard
      </Link>
      <Dot />
      <button
        type="button"
        onClick={() => setTermsOpen(true)}
        className="text-cyan-300 underline underline-offset-2 hover:text-cyan-100"
      >
        Terms of Service
      </button>
      {termsOpen && (
        <ChunkBoundary floating>
          <TermsDialog onClose={() => setTermsOpen(false)} />
        </ChunkBoundary>
      )}
    </footer>
  );
}
