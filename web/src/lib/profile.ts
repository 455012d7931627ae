import type { Profile } from '@/types/api';

/**
 * Premium status (spec section 4): the trimmed, lowercased `subscription_status` is `active`
 * and `subscription_plan` is `premium`.
 */
export function isActivePremium(profile: Pick<Profile, 'subscription_status' | 'subscription_plan'> | null): boolean {
  if (!profile) return false;
  return profile.subscription_status?.trim().toLowerCase() === 'active' && profile.subscription_plan === 'premium';
}

/** Administrators have `user_role` admin (spec section 6). */
export function isAdmin(profile: Pick<Profile, 'user_role'> | null): boolean {
  return profile?.user_role === 'admin';
}

/** The plan label of the avatar menu. */
export function planLabel(profile: Pick<Profile, 'subscription_status' | 'subscription_plan'> | null): string {
  return isActivePremium(profile) ? 'Premium User' : 'Regular User';
}

/** "First Last", from whichever of the two are set; empty when neither is. */
export function fullName(person: { first_name?: unknown; last_name?: unknown }): string {
  return [person.first_name, person.last_name]
    .filter((part): part is string => typeof part === 'string' && part.trim() !== '')
    .map((part) => part.trim())
    .join(' ');
}

/** The avatar's letter: the first letter of the name, else of the e-mail address, uppercased. */
export function initialOf(name: string, email: string | null | undefined): string {
  const source = name.trim() || email?.trim() || '?';
  return (Array.from(source)[0] ?? '?').toUpperCase();
}
