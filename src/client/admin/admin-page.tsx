import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useLocation } from 'wouter';
import type { AdminPlace } from '../../common/admin-places.ts';
import { adminUserReadSchema } from '../../common/api/admin-views.ts';
import { NotFound } from '../not-found.tsx';
import { getQueryFn } from '../query-client.ts';
import { useToast } from '../ui/toast-provider.tsx';
import { ADMIN_USER_URL } from './admin-api.ts';
import { AdminDashboard } from './admin-dashboard.tsx';
import { type AdminSession, AdminSessionContext, createAdminSessionGate } from './admin-session-gate.ts';
import { useAdminAddress } from './use-admin-address.ts';

/** SPEC §2: an unauthenticated visitor is told, then sent to the sign-in 1 s later. */
export const ADMIN_REDIRECT_DELAY_MS = 1000;

/**
 * The admin back-office (SPEC §2 "Admin panel"): session check, then the dashboard at the place the address
 * names (/admin, /admin/<tab>, /admin/games/<id>, ...); any other path under /admin is not found.
 */
export function AdminPage() {
  const { place } = useAdminAddress();
  return place ? <AdminSessionPage place={place} /> : <NotFound />;
}

function AdminSessionPage({ place }: { place: AdminPlace }) {
  const [, navigate] = useLocation();
  const { toast } = useToast();
  const [signingOut, setSigningOut] = useState(false);
  const [session] = useState<AdminSession>(() => {
    const gate = createAdminSessionGate();
    return {
      gate,
      signOut: () => {
        gate.close();
        setSigningOut(true);
      },
    };
  });
  const check = useQuery({
    queryKey: [ADMIN_USER_URL],
    queryFn: getQueryFn({ on401: 'returnNull', schema: adminUserReadSchema }),
  });
  const unauthenticated = check.isSuccess && !check.data?.user && !signingOut;

  useEffect(() => {
    if (!unauthenticated) return;
    toast({ title: 'Authentication Required', description: 'Redirecting to admin login...' });
    const timer = setTimeout(() => navigate('/admin/login'), ADMIN_REDIRECT_DELAY_MS);
    return () => clearTimeout(timer);
  }, [unauthenticated, toast, navigate]);

  // Signing out, the dashboard goes away at once: its polls stop while the browser loads the sign-in page.
  if (signingOut) return <p className="mt-10 font-retro text-slate-400">Signing out...</p>;
  if (check.isError) {
    return (
      <p role="alert" className="mt-10 font-retro text-red-300">
        {check.error.message}
      </p>
    );
  }
  const user = check.data?.user;
  if (!user) return <p className="mt-10 font-retro text-slate-400">Loading...</p>;
  return (
    <AdminSessionContext.Provider value={session}>
      <AdminDashboard user={user} place={place} />
    </AdminSessionContext.Provider>
  );
}
