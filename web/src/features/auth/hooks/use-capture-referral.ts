import { useEffect } from 'react';
import { useLocation } from 'react-router';

import { captureReferralCode } from '../lib/referral';

/** Keeps a `?ref=` code from any address the app shows as `pending_referral_code` (spec section 4). */
export function useCaptureReferral(): void {
  const { search } = useLocation();
  useEffect(() => {
    captureReferralCode(search);
  }, [search]);
}
