import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useLocation } from 'wouter';
import type { AdminPlace } from '../../common/admin-places.ts';
import {
  type AdminUserRead,
  adminSessionAnswerSchema,
  adminUserReadSchema,
} from '../../common/api/admin-views.ts';
import { parseAnswer } from '../../common/api/parse-answer.ts';
import { AdminNotFound } from '../not-found.tsx';
import { throwIfResNotOk } from '../query-client.ts';
import { useToast } from '../ui/toast-provider.tsx';
import { ADMIN_SESSION_URL, ADMIN_USER_URL } from './admin-api.ts';
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
  return place ? <AdminSessionPage place={place} /> : <AdminNotFound />;
}

/**
 * The signed-in admin (SPEC §7 GET /api/admin/user), or null without a session. Whether there is one is asked
 * first of /api/admin/session, which answers 200 either way, so a signed-out visit logs no 401 in the browser;
 * a server without that probe answers it otherwise, and the user's own 401 then says the same.
 */
async function readAdminUser(signal: AbortSignal): Promise<AdminUserRead | null> {
  const probe = await fetch(ADMIN_SESSION_URL, { credentials: 'include', signal });
  if (probe.ok) {
    const answer = adminSessionAnswerSchema.safeParse(await probe.json().catch(() => null));
    if (answer.success && !answer.data.signedIn) return null;
  }
  const res = await fetch(ADMIN_USER_URL, { credentials: 'include', signal });
  if (res.status === 401) return null;
  await throwIfResNotOk(res);
  return parseAnswer(adminUserReadSchema, await res.json(), `GET ${ADMIN_USER_URL}`);
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
  const check = useQuery({ queryKey: [ADMIN_USER_URL], queryFn: ({ signal }) => readAdminUser(signal) });
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
