import { useLocation, useSearch } from 'wouter';
import { type AdminPlace, adminPlaceOf, adminPlacePath } from '../../common/admin-places.ts';

/**
 * A place's address, with the search term as `?q=` when there is one and the place's own filters after it
 * (System Events' severity, type and unresolved), empty ones left out.
 */
export function placeUrl(place: AdminPlace, term: string, filters: Record<string, string> = {}): string {
  const path = adminPlacePath(place);
  const params = new URLSearchParams();
  if (term) params.set('q', term);
  for (const [name, value] of Object.entries(filters)) if (value) params.set(name, value);
  const query = params.toString();
  return query ? `${path}?${query}` : path;
}

/**
 * Where the back-office is: the place of the path (null for no place), the address's search term, and its
 * query as a whole (a place reads its own filters from it).
 */
export function useAdminAddress(): { place: AdminPlace | null; q: string; query: URLSearchParams } {
  const [location] = useLocation();
  const search = useSearch();
  const query = new URLSearchParams(search);
  return { place: adminPlaceOf(location), q: query.get('q') ?? '', query };
}
