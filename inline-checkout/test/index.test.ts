/**
 * The side-effect entry in a browser (jsdom). Each test loads src/index.ts afresh with
 * jest.resetModules(), since its effect happens once per module instance.
 */
type Entry = typeof import('../src/index');

function loadEntry(): Entry {
  let entry: Entry | undefined;
  jest.isolateModules(() => {
    entry = require('../src/index') as Entry;
  });
  if (entry === undefined) throw new Error('src/index did not load');
  return entry;
}

describe('index (browser)', () => {
  beforeEach(() => {
    jest.resetModules();
    delete window.PaystackPop;
  });

  it('publishes PaystackPop on window', () => {
    const entry = loadEntry();
    expect(window.PaystackPop).toBe(entry.PaystackPop);
    expect(typeof window.PaystackPop?.normalise).toBe('function');
  });

  it('adds no other global', () => {
    const before = new Set(Object.keys(window));
    loadEntry();
    const added = Object.keys(window).filter((key) => !before.has(key));
    expect(added).toEqual(['PaystackPop']);
  });

  it('keeps the first PaystackPop when the script is loaded twice', () => {
    const first = loadEntry().PaystackPop;
    jest.resetModules();
    const second = loadEntry().PaystackPop;
    expect(second).not.toBe(first);
    expect(window.PaystackPop).toBe(first);
  });

  it('leaves a PaystackPop the page already has alone', () => {
    const existing = class {} as unknown as NonNullable<Window['PaystackPop']>;
    window.PaystackPop = existing;
    loadEntry();
    expect(window.PaystackPop).toBe(existing);
  });
});
