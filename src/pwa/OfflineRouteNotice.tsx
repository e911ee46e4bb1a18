import { PageNotice } from '@/components/PageNotice';
import { OFFLINE_NOTHING_SAVED_MESSAGE } from '@/lib/query/offline';

/**
 * In place of a screen whose data could not be loaded because the device is
 * offline and nothing of it is saved here. Calm rather than an error: the
 * screen loads by itself when the network returns (src/app/router.tsx), and
 * the button is for whoever would rather try now.
 */
export function OfflineRouteNotice() {
  return (
    <PageNotice kind="offline" title="Not available offline">
      {OFFLINE_NOTHING_SAVED_MESSAGE}
    </PageNotice>
  );
}
