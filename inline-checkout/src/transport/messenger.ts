/**
 * The channel between this page and a frame (penpal's shape): messages go out to one exact origin,
 * never '*', and come in only when they pass the implementation's checks.
 */
export interface Messenger<In, Out> {
  /** Posts `message` to the other side, addressed to its origin. Dropped when the other side is gone. */
  post(message: Out): void;
  /** Calls `handler` with every incoming message that passed the checks; returns the unsubscribe function. */
  listen(handler: (message: In) => void): () => void;
  /** Stops every listener; later posts are dropped. */
  destroy(): void;
}
