import { captureReferralCode, clearPendingReferralCode, PENDING_REFERRAL_KEY, pendingReferralCode } from './referral';

describe('referral code capture', () => {
  test('?ref= is stored as pending_referral_code', () => {
    expect(captureReferralCode('?ref=ABC123')).toBe('ABC123');
    expect(localStorage.getItem(PENDING_REFERRAL_KEY)).toBe('ABC123');
    expect(pendingReferralCode()).toBe('ABC123');
  });

  test('a later ?ref= replaces the stored one', () => {
    captureReferralCode('?ref=FIRST');
    captureReferralCode('?search=church&ref=SECOND');

    expect(pendingReferralCode()).toBe('SECOND');
  });

  test.each(['', '?search=church', '?ref=', '?ref=%20%20', '?ref=<script>', `?ref=${'x'.repeat(65)}`])(
    'nothing is stored for %p',
    (search) => {
      expect(captureReferralCode(search)).toBeNull();
      expect(localStorage.getItem(PENDING_REFERRAL_KEY)).toBeNull();
    },
  );

  test('a URL without ?ref= keeps the stored code', () => {
    captureReferralCode('?ref=KEEP');
    captureReferralCode('?search=church');

    expect(pendingReferralCode()).toBe('KEEP');
  });

  test('clearing forgets the code', () => {
    captureReferralCode('?ref=GONE');
    clearPendingReferralCode();

    expect(pendingReferralCode()).toBeNull();
  });
});
