import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useLocation } from 'wouter';
import { getQueryFn } from '../query-client.ts';
import { useToast } from '../ui/toast-provider.tsx';
import { ADMIN_USER_URL, type AdminUserResponse } from './admin-api.ts';
import { AdminDashboard } from './admin-dashboard.tsx';

/** SPEC §2: an unauthenticated visitor is told, then sent to the sign-in 1 s later. */
export const ADMIN_REDIRECT_DELAY_MS = 1000;

/** The admin back-office (SPEC §2 "Admin panel"): session check, then the dashboard. */
export function AdminPage() {
  const [, navigate] = useLocation();
  const { toast } = useToast();
  const session = useQuery<AdminUserResponse | null>({
    queryKey: [ADMIN_USER_URL],
    queryFn: getQueryFn<AdminUserResponse>({ on401: 'returnNull' }),
  });
  const unauthenticated = session.isSuccess && !session.data?.user;

  useEffect(() => {
    if (!unauthenticated) return;
    toast({ title: 'Authentication Required', description: 'Redirecting to admin login...' });
    const timer = setTimeout(() => navigate('/admin/login'), ADMIN_REDIRECT_DELAY_MS);
    return () => clearTimeout(timer);
  }, [unauthenticated, toast, navigate]);

  if (session.isError) {
    return (
      <p role="alert" className="mt-10 font-retro text-red-300">
        {session.error.message}
      </p>
    );
  }
  const user = session.data?.user;
  if (!user) return <p className="mt-10 font-retro text-slate-400">Loading...</p>;
  return <AdminDashboard user={user} />;
}
