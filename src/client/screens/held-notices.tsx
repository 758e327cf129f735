import { ConnectionBanner } from './connection-banner.tsx';
import { SettledSearchNotice } from './settled-search-notice.tsx';

/**
 * Above the lobby and the wait screen: the connection banner while the server cannot be reached, and, on the
 * lobby, what became of a search the server closed. Their own chunk (game-page.tsx loads it once connected).
 */
export default function HeldNotices() {
  return (
    <>
      <ConnectionBanner />
      <SettledSearchNotice />
    </>
  );
}
