import type { ReactNode } from 'react';
import { ParticleBackground } from './particle-background.tsx';
import { SiteFooter } from './site-footer.tsx';
import { SiteHeader } from './site-header.tsx';

/** The persistent frame of every screen: particle background, header, content, fixed footer. */
export function Layout({ children }: { children: ReactNode }) {
  return (
    <div className="relative flex min-h-screen flex-col">
      <ParticleBackground />
      <SiteHeader />
      <main className="flex flex-1 flex-col items-center px-4 pb-16">{children}</main>
      <SiteFooter />
    </div>
  );
}
