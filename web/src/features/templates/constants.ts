/** The categories of the home screen, in display order (spec section 2, Home screen). */
export const HOME_CATEGORIES = [
  'Church',
  'Birthdays',
  'Business & Industries',
  'Social Media Post',
  'New Month',
] as const;

/** Skeleton cards shown per row while the rows load. */
export const SKELETON_CARDS_PER_ROW = 6;

/** Row scroll step: 300px below the 1024px breakpoint, 400px from it on (spec section 9). */
export const MOBILE_BREAKPOINT = 1024;
export const ROW_SCROLL_STEP_SMALL = 300;
export const ROW_SCROLL_STEP_LARGE = 400;

export function rowScrollStep(viewportWidth: number): number {
  return viewportWidth < MOBILE_BREAKPOINT ? ROW_SCROLL_STEP_SMALL : ROW_SCROLL_STEP_LARGE;
}
