import { useEffect } from 'react';
import { useToast } from '../ui/toast-provider.tsx';

/** SPEC §8: a failed association fetch raises an 'Error' toast with its text, once per failure. */
export function useErrorToast(failed: boolean, description: string): void {
  const { toast } = useToast();
  useEffect(() => {
    if (failed) toast({ title: 'Error', description, variant: 'destructive' });
  }, [failed, description, toast]);
}
