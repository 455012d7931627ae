import { isActivePremium } from '@/lib/profile';

/** The outcomes of the server's customise decision (`designcore.domain.premium.CustomiseOutcome`). */
export type CustomiseOutcome = 'sign_in' | 'upgrade' | 'no_document' | 'open_editor';

export type CustomiseFacts = {
  signedIn: boolean;
  templatePremium: boolean;
  premiumModelOn: boolean;
  subscriptionStatus: string | null;
  subscriptionPlan: string | null;
  hasDocument: boolean;
};

/**
 * How the mock API decides a customise request, as the server's `decide_customise` does (held
 * to it by tests/contract/vectors/customise-decisions.json). The app itself holds no copy: it
 * asks the server.
 */
export function customiseOutcome(facts: CustomiseFacts): CustomiseOutcome {
  if (!facts.signedIn) return 'sign_in';
  const premium = isActivePremium({ subscription_status: facts.subscriptionStatus, subscription_plan: facts.subscriptionPlan });
  if (facts.premiumModelOn && facts.templatePremium && !premium) return 'upgrade';
  if (!facts.hasDocument) return 'no_document';
  return 'open_editor';
}
