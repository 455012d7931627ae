import vectors from '../../../../tests/contract/vectors/customise-decisions.json';

import { customiseOutcome } from './customise';

describe('the mock API’s customise decision', () => {
  test.each(vectors.cases.map((c) => [c.name, c] as const))('is the domain’s: %s', (_name, c) => {
    expect(
      customiseOutcome({
        signedIn: c.signed_in,
        templatePremium: c.template_premium,
        premiumModelOn: c.premium_model_on,
        subscriptionStatus: c.subscription_status,
        subscriptionPlan: c.subscription_plan,
        hasDocument: c.has_document,
      }),
    ).toBe(c.outcome);
  });
});
