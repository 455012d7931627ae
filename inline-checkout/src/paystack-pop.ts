/**
 * The public class, and the pure entry: importing this module has no side effects (stripe-js's
 * split). The popup itself (transactions, frame, transport, sheet) is a later issue; for now the class
 * carries the version and exposes parameter normalisation so merchants can see how their
 * parameters are read.
 */
import { normalise } from './params';
import type { Normalised } from './params';
import { VERSION } from './version';

export class PaystackPop {
  static readonly version: string = VERSION;

  /** The canonical form of merchant parameters, with callbacks and ignored keys listed apart. */
  static normalise(input: unknown): Normalised {
    return normalise(input);
  }
}
