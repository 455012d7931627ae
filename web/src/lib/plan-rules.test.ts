import vectors from '../../../tests/contract/vectors/plan-rules.json';

import {
  PREMIUM_AMOUNT_KOBO,
  PREMIUM_CURRENCY,
  PREMIUM_INTERVAL,
  REFERRAL_REWARD_CREDITS,
} from './plan-rules';

describe('plan rules', () => {
  it('are the domain’s, as the shared vectors state them', () => {
    expect({
      amount_kobo: PREMIUM_AMOUNT_KOBO,
      currency: PREMIUM_CURRENCY,
      interval: PREMIUM_INTERVAL,
      referral_reward_credits: REFERRAL_REWARD_CREDITS,
    }).toEqual({
      amount_kobo: vectors.premium.amount_kobo,
      currency: vectors.premium.currency,
      interval: vectors.premium.interval,
      referral_reward_credits: vectors.referral_reward_credits,
    });
  });
});
