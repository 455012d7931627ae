import type { ReactNode } from 'react';
import { SWRConfig } from 'swr';

import { swrDefaults } from '@/lib/swr';

type AppProviderProps = {
  children: ReactNode;
};

/** App-wide providers: today the SWR cache and its global behaviour. */
export function AppProvider({ children }: AppProviderProps) {
  return <SWRConfig value={swrDefaults}>{children}</SWRConfig>;
}
