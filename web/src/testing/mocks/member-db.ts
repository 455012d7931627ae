import type { AccountPayment, ProblemReport, Referral, SiteSettingChange } from '@/types/api';

/** A payment the mock functions created. */
export type MockPayment = AccountPayment & { userId: string; accessCode: string };

/** What the mock provider says of a payment when it is verified. */
export type MockOutcome = 'success' | 'pending' | 'failed';

/** The mock API's member data (payments, credits, referrals, reports); reset after every test. */
export const memberDb = {
  payments: [] as MockPayment[],
  /** The provider's verdict on the next verifications. */
  outcome: 'success' as MockOutcome,
  /** Credit ledger entries per user id. */
  ledger: new Map<string, { amount: number; reason: string; created_at: string }[]>(),
  referrals: new Map<string, Referral[]>(),
  /** Subscription period ends per user id. */
  periodEnds: new Map<string, string>(),
  reports: [] as ProblemReport[],
  changes: [] as SiteSettingChange[],
  /** Uploaded files: path → size. */
  uploads: new Map<string, number>(),
  reset() {
    this.payments = [];
    this.outcome = 'success';
    this.ledger = new Map();
    this.referrals = new Map();
    this.periodEnds = new Map();
    this.reports = [];
    this.changes = [];
    this.uploads = new Map();
  },
};
