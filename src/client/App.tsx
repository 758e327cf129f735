import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useState } from 'react';
import { type BaseLocationHook, Route, Router, Switch } from 'wouter';
import { PAGE_ROUTES } from '../common/page-routes.ts';
import { HomePage } from './home-page.tsx';
import { LazyPage, pageChunk } from './lazy-page.tsx';
import { NotFound } from './not-found.tsx';
import { createQueryClient } from './query-client.ts';
import { ChunkBoundary } from './ui/chunk-boundary.tsx';
import { Layout } from './ui/layout.tsx';
import { ToastProvider } from './ui/toast-provider.tsx';

// The back office is a chunk of its own: a player's first visit never loads it.
const adminPage = pageChunk(() => import('./admin/admin-page.tsx').then((m) => m.AdminPage));
const adminLogin = pageChunk(() => import('./admin/admin-login.tsx').then((m) => m.AdminLogin));
// The public rankings too: loaded when a player opens them.
const leaderboardPage = pageChunk(() =>
  import('./rankings/leaderboard-page.tsx').then((m) => m.LeaderboardPage),
);
const playerPage = pageChunk(() => import('./rankings/player-page.tsx').then((m) => m.PlayerPage));

/** Loads the lazily loaded pages now (tests render them synchronously). */
export async function preloadPages(): Promise<void> {
  await Promise.all([
    adminPage.preload(),
    adminLogin.preload(),
    leaderboardPage.preload(),
    playerPage.preload(),
  ]);
}

export interface AppProps {
  /** Tests pass their own client; the app makes one per mount otherwise. */
  queryClient?: QueryClient;
  /** Tests pass a memory location; the browser's location otherwise. */
  locationHook?: BaseLocationHook;
}

/** Providers and the routes of SPEC §2. */
export function App({ queryClient, locationHook }: AppProps) {
  const [client] = useState(() => queryClient ?? createQueryClient());
  return (
    <QueryClientProvider client={client}>
      <ToastProvider>
        <Router {...(locationHook ? { hook: locationHook } : {})}>
          <Layout>
            {/* Anything of a page that fails to load or render: a reload notice, never a blank page. */}
            <ChunkBoundary>
              <Switch>
                <Route path={PAGE_ROUTES.home} component={HomePage} />
                {/* The same page, with the challenge to accept: kept mounted when the match sends it home. */}
                <Route path={PAGE_ROUTES.challenge} component={HomePage} />
                <Route path={PAGE_ROUTES.adminLogin}>
                  <LazyPage chunk={adminLogin} />
                </Route>
                {/* The back-office and every place in it (/admin/games/<id>, ...): the admin page routes within. */}
                <Route path={`${PAGE_ROUTES.admin}/*?`}>
                  <LazyPage chunk={adminPage} />
                </Route>
                <Route path={PAGE_ROUTES.leaderboard}>
                  <LazyPage chunk={leaderboardPage} />
                </Route>
                <Route path={PAGE_ROUTES.player}>
                  <LazyPage chunk={playerPage} />
                </Route>
                <Route component={NotFound} />
              </Switch>
            </ChunkBoundary>
          </Layout>
        </Router>
      </ToastProvider>
    </QueryClientProvider>
  );
}
