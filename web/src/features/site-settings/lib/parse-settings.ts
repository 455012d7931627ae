import type { FooterLink, SiteSettingRecord } from '@/types/api';

/** The setting keys the app reads (spec section 3 and the site-settings API). */
export const SETTING_KEYS = {
  premiumBusinessModel: 'premium_business_model_enabled',
  communityUrl: 'community_url',
  paymentHelpUrl: 'payment_help_url',
  supportEmail: 'support_email',
  footerLinks: 'footer_links',
} as const;

export type SiteSettings = {
  /** On only if the stored value is exactly `true` (spec section 4). */
  premiumBusinessModelEnabled: boolean;
  communityUrl: string | null;
  paymentHelpUrl: string | null;
  supportEmail: string | null;
  footerLinks: FooterLink[];
};

function httpUrl(value: unknown): string | null {
  if (typeof value !== 'string' || value.trim() === '') return null;
  try {
    const url = new URL(value.trim());
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.toString() : null;
  } catch {
    return null;
  }
}

function email(value: unknown): string | null {
  return typeof value === 'string' && /^[^\s@]+@[^\s@]+$/.test(value.trim()) ? value.trim() : null;
}

function footerLinks(value: unknown): FooterLink[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((item: unknown) => {
    if (typeof item !== 'object' || item === null) return [];
    const { label, url } = item as Record<string, unknown>;
    const href = httpUrl(url);
    return typeof label === 'string' && label.trim() !== '' && href ? [{ label: label.trim(), url: href }] : [];
  });
}

/** The typed settings from the API's rows; a missing or malformed value reads as unset. */
export function parseSiteSettings(records: readonly SiteSettingRecord[]): SiteSettings {
  const value = (key: string) => records.find((record) => record.setting_key === key)?.setting_value;
  return {
    premiumBusinessModelEnabled: value(SETTING_KEYS.premiumBusinessModel) === true,
    communityUrl: httpUrl(value(SETTING_KEYS.communityUrl)),
    paymentHelpUrl: httpUrl(value(SETTING_KEYS.paymentHelpUrl)),
    supportEmail: email(value(SETTING_KEYS.supportEmail)),
    footerLinks: footerLinks(value(SETTING_KEYS.footerLinks)),
  };
}
