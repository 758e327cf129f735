import type { ReactNode } from 'react';
import { useLocation } from 'wouter';
import { PAGE_ROUTES } from '../../common/page-routes.ts';
import { ADMIN_PRODUCT_NAME } from '../site.ts';
import { ParticleBackground } from './particle-background.tsx';
import { SiteFooter } from './site-footer.tsx';
import { SiteHeader } from './site-header.tsx';

/** Whether a path is the back office's (its sign-in included): it has its own frame, not the players'. */
export function isBackOfficePath(path: string): boolean {
  return path === PAGE_ROUTES.admin || path.startsWith(`${PAGE_ROUTES.admin}/`);
}

/**
 * The persistent frame of every screen. A player's: particle background, header with the wallet, content,
 * footer with the leaderboard and the terms, at the page's end. The back office's: a plain dark page whose header (role
 * badge, Logout) the panel draws itself, and a footer of its own; nothing of the player's wallet or game.
 */
export function Layout({ children }: { children: ReactNode }) {
  const [location] = useLocation();
  if (isBackOfficePath(location)) {
    return (
      <div className="flex min-h-screen flex-col bg-slate-950" data-testid="back-office-frame">
        <main className="flex flex-1 flex-col items-center px-4 py-4">{children}</main>
        <footer className="border-slate-800 border-t px-4 py-2 text-center font-retro text-slate-500 text-xs">
          {ADMIN_PRODUCT_NAME} · operators only · every action is recorded
        </footer>
      </div>
    );
  }
  return (
    <div className="relative flex min-h-screen flex-col">
      <ParticleBackground />
      <SiteHeader />
      <main className="flex flex-1 flex-col items-center px-4 pb-6">{children}</main>
      <SiteFooter />
    </div>
  );
}
