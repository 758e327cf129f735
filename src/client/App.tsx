import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useState } from 'react';
import { type BaseLocationHook, Route, Router, Switch } from 'wouter';
import { AdminLogin } from './admin/admin-login.tsx';
import { AdminPage } from './admin/admin-page.tsx';
import { HomePage } from './home-page.tsx';
import { NotFound } from './not-found.tsx';
import { createQueryClient } from './query-client.ts';
import { Layout } from './ui/layout.tsx';
import { ToastProvider } from './ui/toast-provider.tsx';

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
            <Switch>
              <Route path="/" component={HomePage} />
              <Route path="/admin" component={AdminPage} />
              <Route path="/admin/login" component={AdminLogin} />
              <Route component={NotFound} />
            </Switch>
          </Layout>
        </Router>
      </ToastProvider>
    </QueryClientProvider>
  );
}
