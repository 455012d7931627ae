import type { Profile, SiteSettingRecord } from '@/types/api';

/** A user of the mock auth service, with the profile `GET /api/v1/profiles/me` answers. */
export type MockUser = {
  id: string;
  email: string;
  password: string;
  user_metadata: Record<string, unknown>;
  created_at: string;
  /** TOTP factors; `code` is the one 6-digit code the mock accepts for it. */
  factors: { id: string; status: 'verified' | 'unverified'; code: string }[];
  profile: Omit<Profile, 'id' | 'email' | 'credits' | 'created_at' | 'updated_at'>;
  credits: number;
  /** The referral code was rewarded for this (referred) account already. */
  referred: boolean;
};

export type MockSession = {
  id: string;
  userId: string;
  aal: 'aal1' | 'aal2';
  refreshToken: string;
  accessToken: string;
};

/** A mail the mock auth service "sent". */
export type MockMail = { to: string; type: 'recovery' | 'signup'; redirectTo: string | null };

export const DEFAULT_SITE_SETTINGS: SiteSettingRecord[] = [
  { setting_key: 'premium_business_model_enabled', setting_value: true, updated_at: null, updated_by: null },
  { setting_key: 'community_url', setting_value: 'https://chat.whatsapp.com/designcore-community', updated_at: null, updated_by: null },
  { setting_key: 'payment_help_url', setting_value: 'https://wa.me/2348000000000', updated_at: null, updated_by: null },
  { setting_key: 'support_email', setting_value: 'support@designcore.example', updated_at: null, updated_by: null },
  {
    setting_key: 'footer_links',
    setting_value: [
      { label: 'Instagram', url: 'https://www.instagram.com/designcore.ng' },
      { label: 'X', url: 'https://x.com/designcore_ng' },
    ],
    updated_at: null,
    updated_by: null,
  },
];

let counter = 0;
/** A unique id for the mock's rows. */
export function mockId(prefix: string): string {
  counter += 1;
  return `${prefix}-${String(counter).padStart(6, '0')}`;
}

/** The mock auth service's and API's state; reset after every test (setup-tests.ts). */
export const authDb = {
  users: [] as MockUser[],
  sessions: [] as MockSession[],
  mails: [] as MockMail[],
  /** PKCE auth codes a redirect handed out: code → the user and the challenge it answers. */
  authCodes: new Map<string, { userId: string; codeChallenge: string }>(),
  siteSettings: structuredClone(DEFAULT_SITE_SETTINGS),
  googleEnabled: false,
  reset() {
    this.users = [];
    this.sessions = [];
    this.mails = [];
    this.authCodes = new Map();
    this.siteSettings = structuredClone(DEFAULT_SITE_SETTINGS);
    this.googleEnabled = false;
  },
};
