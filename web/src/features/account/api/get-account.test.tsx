import { http, HttpResponse } from 'msw';

import { apiPath } from '@/testing/mocks/handlers/api-path';
import { server } from '@/testing/mocks/server';
import { act, renderHook, TestProviders, waitFor } from '@/testing/test-utils';

import { useCreditBalance } from './get-account';

/** A server whose ledger balance the test sets; counts the requests. */
function ledger(start: number) {
  const state = { balance: start, requests: 0 };
  server.use(
    http.get(apiPath('/account/credits'), () => {
      state.requests += 1;
      return HttpResponse.json({ balance: state.balance, entries: [] });
    }),
  );
  return state;
}

describe('useCreditBalance', () => {
  test('is the balance the server counts, and refresh fetches it again after a spend', async () => {
    const account = ledger(3);
    const { result } = renderHook(() => useCreditBalance('user-1'), { wrapper: TestProviders });

    expect(result.current.balance).toBeNull();
    await waitFor(() => expect(result.current.balance).toBe(3));

    account.balance = 2;
    await act(() => result.current.refresh());

    expect(result.current.balance).toBe(2);
  });

  test('without a member there is no balance and nothing is asked', async () => {
    const account = ledger(5);
    const { result } = renderHook(() => useCreditBalance(null), { wrapper: TestProviders });

    await new Promise((resolve) => setTimeout(resolve, 20));

    expect([result.current.balance, account.requests]).toEqual([null, 0]);
  });
});
