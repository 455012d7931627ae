import type { Messenger } from './messenger';

/**
 * A behavioural fake for tests: it records what is posted and lets a test deliver messages as the
 * frame would. Like the real one, nothing is delivered or recorded after destroy().
 */
export class RecordingMessenger<In, Out> implements Messenger<In, Out> {
  readonly posted: Out[] = [];
  private readonly handlers = new Set<(message: In) => void>();
  private destroyed = false;

  post(message: Out): void {
    if (!this.destroyed) this.posted.push(message);
  }

  listen(handler: (message: In) => void): () => void {
    this.handlers.add(handler);
    return () => this.handlers.delete(handler);
  }

  /** Delivers a message that already passed the checks (as the frame's would after WindowMessenger's). */
  deliver(message: In): void {
    if (!this.destroyed) for (const handler of [...this.handlers]) handler(message);
  }

  get listening(): number {
    return this.handlers.size;
  }

  destroy(): void {
    this.destroyed = true;
    this.handlers.clear();
  }
}
