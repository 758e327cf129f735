import { Link } from 'wouter';
import { PAGE_ROUTES } from '../../common/page-routes.ts';
import { PRODUCT_NAME } from '../site.ts';
import { TermsDialog } from './terms-dialog.tsx';

const Dot = () => (
  <span className="mx-2" aria-hidden="true">
    ·
  </span>
);

/** The fixed footer of every screen: current year, the leaderboard and the Terms of Service link (SPEC §2). */
export function SiteFooter() {
  const year = new Date().getFullYear();
  return (
    <footer className="fixed inset-x-0 bottom-0 z-40 border-cyan-400/20 border-t bg-slate-950/85 px-4 py-2 text-center font-retro text-slate-400 text-xs backdrop-blur">
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
      <TermsDialog />
    </footer>
  );
}
