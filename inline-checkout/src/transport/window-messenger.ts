import type { Messenger } from './messenger';

/**
 * A Messenger over `window.postMessage`. An incoming message counts only when all three checks
 * pass: its source is the target window (the frame), its origin is the target's origin, and its
 * data has the expected shape (`parse` returns non-null). The provider's script accepted a message
 * when either the origin or the source matched, and posted to '*'.
 */
export class WindowMessenger<In, Out> implements Messenger<In, Out> {
  private _stops: (() => void)[] = [];
  private _live = true;

  constructor(
    /** The window whose 'message' events are read (this page). */
    private readonly _host: Window,
    /** The other side, looked up on every use (a frame's contentWindow changes as it navigates). */
    private readonly _target: () => Window | null | undefined,
    /** The other side's origin, e.g. 'https://checkout.paystack.com'. */
    private readonly _origin: string,
    /** Returns the message when the data has the expected shape, else null. */
    private readonly _parse: (data: unknown) => In | null,
  ) {}

  post(message: Out): void {
    const target = this._live && this._target();
    if (target) target.postMessage(message, this._origin);
  }

  listen(handler: (message: In) => void): () => void {
    const listener = (event: MessageEvent): void => {
      const target = this._live && this._target();
      const message = target && event.source === target && event.origin === this._origin ? this._parse(event.data) : null;
      if (message !== null) handler(message);
    };
    this._host.addEventListener('message', listener);
    const stop = (): void => this._host.removeEventListener('message', listener);
    this._stops.push(stop);
    return stop;
  }

  destroy(): void {
    this._live = false;
    for (const stop of this._stops) stop();
    this._stops = [];
  }
}
