/**
 * The payment log (spec section 3, "Payment log"): what the customer tried, sent to the provider
 * with `transaction/update_log/{id}` after every entry. Texts are section 8's.
 */

export interface LogEntry {
  readonly type: 'action' | 'error' | 'success';
  readonly message: string;
  /** Seconds since the log started. */
  readonly time: number;
}

export interface PaymentLog {
  /** Unix time (seconds) the log started. */
  start_time: number;
  time_spent: number;
  attempts: number;
  authentication: unknown;
  errors: number;
  success: boolean;
  mobile: boolean;
  input: unknown[];
  history: LogEntry[];
}

/** A fresh log that carries on from the server's (attempts, authentication, errors, history). */
export function startLog(previous: unknown, nowMs: number, mobile: boolean): PaymentLog {
  const old = (previous || {}) as Partial<PaymentLog>;
  return {
    start_time: Math.round(nowMs / 1000),
    time_spent: 0,
    attempts: Number(old.attempts) || 0,
    authentication: old.authentication,
    errors: Number(old.errors) || 0,
    success: false,
    mobile,
    input: [],
    history: Array.isArray(old.history) ? [...old.history] : [],
  };
}

/** Updates time_spent and returns it. */
export function timeSpent(log: PaymentLog, nowMs: number): number {
  log.time_spent = Math.round(nowMs / 1000) - log.start_time;
  return log.time_spent;
}

export type LogKind = 'attempt' | 'error' | 'success' | 'action';

/** Adds one entry (and its counters) in place: 'Attempted to pay with {m}', 'Error: {m}', 'Successfully paid with {m}', or an action text. */
export function record(log: PaymentLog, kind: LogKind, detail: string | undefined, nowMs: number): void {
  const time = timeSpent(log, nowMs);
  const suffix = (joiner: string): string => (detail ? joiner + detail : '');
  let type: LogEntry['type'] = 'action';
  let message = detail ?? '';
  if (kind === 'attempt') {
    log.attempts += 1;
    message = `Attempted to pay${suffix(' with ')}`;
  } else if (kind === 'error') {
    log.errors += 1;
    type = 'error';
    message = `Error${suffix(': ')}`;
  } else if (kind === 'success') {
    log.success = true;
    type = 'success';
    message = `Successfully paid${suffix(' with ')}`;
  }
  log.history.push({ type, message, time });
}
