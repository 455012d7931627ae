import { record, startLog, timeSpent } from '../src/log';

describe('the payment log', () => {
  it('starts fresh, carrying on the server log’s counts and history', () => {
    const history = [{ type: 'action', message: 'Attempted to pay with card', time: 3 }];
    expect(startLog({ attempts: 2, errors: 1, authentication: 'otp', history }, 10_600, true)).toEqual({
      start_time: 11,
      time_spent: 0,
      attempts: 2,
      authentication: 'otp',
      errors: 1,
      success: false,
      mobile: true,
      input: [],
      history,
    });
    expect(startLog(null, 0, false)).toMatchObject({ attempts: 0, errors: 0, history: [], mobile: false });
  });

  it('records the texts of section 8 with their counters and time', () => {
    const log = startLog(null, 1_000, false);
    record(log, 'attempt', 'apple pay', 4_000);
    record(log, 'error', 'Declined', 5_000);
    record(log, 'success', 'apple pay', 9_000);
    record(log, 'action', 'Session validated', 9_000);
    record(log, 'attempt', undefined, 9_000);
    record(log, 'error', undefined, 9_000);
    expect(log.history).toEqual([
      { type: 'action', message: 'Attempted to pay with apple pay', time: 3 },
      { type: 'error', message: 'Error: Declined', time: 4 },
      { type: 'success', message: 'Successfully paid with apple pay', time: 8 },
      { type: 'action', message: 'Session validated', time: 8 },
      { type: 'action', message: 'Attempted to pay', time: 8 },
      { type: 'error', message: 'Error', time: 8 },
    ]);
    expect(log).toMatchObject({ attempts: 2, errors: 2, success: true, time_spent: 8 });
    expect(timeSpent(log, 21_000)).toBe(20);
  });
});
