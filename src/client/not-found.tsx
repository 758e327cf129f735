import { Link } from 'wouter';
import { PAGE_ROUTES } from '../common/page-routes.ts';

/** Any path the router does not know (SPEC §2 routes), with a way back to the game. */
export function NotFound() {
  return (
    <div className="mt-10 w-full max-w-md rounded-lg border-2 border-red-500/60 bg-slate-950/80 p-6 font-retro">
      <h2 className="font-bold text-2xl text-red-400">404 Page Not Found</h2>
      <p className="mt-4 text-slate-300 text-sm">Did you forget to add the page to the router?</p>
      <Link
        href={PAGE_ROUTES.home}
        className="mt-6 inline-block rounded border-2 border-green-400 px-4 py-2 text-green-300 text-sm hover:bg-green-400/10"
      >
        Back to the game
      </Link>
    </div>
  );
}
