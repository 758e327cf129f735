import { useLocation, useSearch } from 'wouter';
import { type AdminPlace, adminPlaceOf, adminPlacePath } from '../../common/admin-places.ts';

/** A place's address, with the search term as `?q=` when there is one. */
export function placeUrl(place: AdminPlace, term: string): string {
  const path = adminPlacePath(place);
  return term ? `${path}?q=${encodeURIComponent(term)}` : path;
}

/** Where the back-office is: the place of the path (null for no place) and the address's search term. */
export function useAdminAddress(): { place: AdminPlace | null; q: string } {
  const [location] = useLocation();
  const search = useSearch();
  return { place: adminPlaceOf(location), q: new URLSearchParams(search).get('q') ?? '' };
}
