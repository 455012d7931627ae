import { useEffect, useRef } from 'react';

import { useAuth } from '@/features/auth/components/auth-provider';

import { logFailure, recordSearch } from '@/features/templates/api/record';

/**
 * Records a listing's search term once (`search_prompts`, with the user's id or null), when the
 * signed-in state is known. Paging through the results does not record it again.
 */
export function useRecordSearch(term: string) {
  const { user, loading } = useAuth();
  const recorded = useRef<string | null>(null);
  const userId = user?.id ?? null;
  useEffect(() => {
    if (loading || term === '' || recorded.current === term) return;
    recorded.current = term;
    recordSearch(term, userId).catch(logFailure('the search'));
  }, [term, userId, loading]);
}
