/**
 * The server's reason for a refusal, as the app shows it: the error's message as a sentence
 * (capitalised, with a full stop), or `fallback` when there is none.
 */
export function serverReason(error: unknown, fallback = 'Try again.'): string {
  const text = error instanceof Error ? error.message.trim() : '';
  if (!text) return fallback;
  const capitalised = text.charAt(0).toUpperCase() + text.slice(1);
  return /[.!?]$/.test(capitalised) ? capitalised : `${capitalised}.`;
}
