import { Link } from 'wouter';
import { PAGE_ROUTES } from '../common/page-routes.ts';

/** The page an unknown address shows: what is wrong, and one way back. */
function NotFoundCard({ text, back }: { text: string; back: { href: string; label: string } }) {
  return (
    <div className="mt-10 w-full max-w-md rounded-lg border-2 border-red-500/60 bg-slate-950/80 p-6 font-retro">
      <h2 className="font-bold text-2xl text-red-400">404 Page Not Found</h2>
      <p className="mt-4 text-slate-300 text-sm">{text}</p>
      <Link
        href={back.href}
        className="mt-6 inline-block rounded border-2 border-green-400 px-4 py-2 text-green-300 text-sm hover:bg-green-400/10"
      >
        {back.label}
      </Link>
    </div>
  );
}

/** Any path the router does not know (SPEC §2 routes), with a way back to the game. */
export function NotFound() {
  return (
    <NotFoundCard
      text="Did you forget to add the page to the router?"
      back={{ href: PAGE_ROUTES.home, label: 'Back to the game' }}
    />
  );
}

export const ADMIN_NOT_FOUND_TEXT = 'There is no back-office page at this address.';

/** An address under /admin that names no tab, wallet, IP or game: said as the back-office, back to it. */
export function AdminNotFound() {
  return (
    <NotFoundCard text={ADMIN_NOT_FOUND_TEXT} back={{ href: '/admin', label: 'Back to the back-office' }} />
  );
}
