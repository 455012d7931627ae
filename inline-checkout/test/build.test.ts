/**
 * @jest-environment node
 *
 * The real build script, run into a temporary folder, and its bundles run in a bare VM context.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { createContext, runInContext } from 'node:vm';

const root = resolve(__dirname, '..');
const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { version: string };
const MARKER = '"__INLINE_CHECKOUT_HOSTS__"';
let outdir: string;

beforeAll(() => {
  outdir = mkdtempSync(join(tmpdir(), 'inline-checkout-build-'));
  execFileSync(process.execPath, [join(root, 'scripts/build.mjs'), '--outdir', outdir], { stdio: 'pipe' });
}, 60_000);

afterAll(() => {
  rmSync(outdir, { recursive: true, force: true });
});

describe.each(['inline.js', 'inline.min.js'])('dist/%s', (file) => {
  it('defines window.PaystackPop and nothing else', () => {
    const sandbox: Record<string, unknown> = {};
    sandbox.window = sandbox;
    const context = createContext(sandbox);
    runInContext(readFileSync(join(outdir, file), 'utf8'), context);
    expect(Object.keys(sandbox).sort()).toEqual(['PaystackPop', 'window']);
    expect(runInContext('window.PaystackPop.version', context)).toBe(pkg.version);
  });

  it('runs harmlessly where there is no window', () => {
    const context = createContext({});
    runInContext(readFileSync(join(outdir, file), 'utf8'), context);
    expect(Object.keys(context)).toEqual([]);
  });

  it('starts with the version banner and is a plain script (no import/export left)', () => {
    const code = readFileSync(join(outdir, file), 'utf8');
    expect(code.startsWith(`/*! inline-checkout ${pkg.version} */`)).toBe(true);
    expect(code).not.toMatch(/^\s*(import|export)\s/m);
  });

  it('carries the served-hosts marker exactly once, which a server replaces with JSON', () => {
    const code = readFileSync(join(outdir, file), 'utf8');
    expect(code.split(MARKER)).toHaveLength(2);
    const served = JSON.stringify(JSON.stringify({ api: 'http://127.0.0.1:8000/sandbox/paystack/', checkout: 'http://127.0.0.1:8000/sandbox/checkout/' }));
    const sandbox: Record<string, unknown> = {};
    sandbox.window = sandbox;
    const context = createContext(sandbox);
    runInContext(code.replace(MARKER, served), context);
    expect(runInContext('window.PaystackPop.configure({})', context)).toEqual({
      api: 'http://127.0.0.1:8000/sandbox/paystack/',
      checkout: 'http://127.0.0.1:8000/sandbox/checkout/',
      payment: 'https://standard.paystack.co/',
      site: 'https://paystack.com/',
    });
  });
});

describe('dist/inline.mjs', () => {
  it('imports in plain Node without a window, touches no global, and exports PaystackPop', () => {
    const url = pathToFileURL(join(outdir, 'inline.mjs')).href;
    const script = `const before = Object.keys(globalThis).length;
      const m = await import(${JSON.stringify(url)});
      console.log(JSON.stringify({ same: m.default === m.PaystackPop, version: m.PaystackPop.version,
        error: typeof m.CheckoutError, globals: Object.keys(globalThis).length - before }));`;
    const out = execFileSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8' });
    expect(JSON.parse(out)).toEqual({ same: true, version: pkg.version, error: 'function', globals: 0 });
  });
});
