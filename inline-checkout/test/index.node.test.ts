/**
 * @jest-environment node
 *
 * Importing the entry outside a browser (server-side rendering, a Node script) must be harmless.
 */
describe('index (no window)', () => {
  beforeEach(() => {
    jest.resetModules();
  });

  it('imports without throwing and sets nothing on the global object', () => {
    expect(typeof window).toBe('undefined');
    const before = Object.keys(globalThis);
    let entry: typeof import('../src/index') | undefined;
    expect(() => {
      jest.isolateModules(() => {
        entry = require('../src/index') as typeof import('../src/index');
      });
    }).not.toThrow();
    expect(entry?.PaystackPop.version).toMatch(/^\d+\.\d+\.\d+/);
    expect(Object.keys(globalThis)).toEqual(before);
    expect('PaystackPop' in globalThis).toBe(false);
  });
});
