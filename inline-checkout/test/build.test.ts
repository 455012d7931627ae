/**
 * @jest-environment node
 *
 * The real build script, run into a temporary folder, and its bundles run in a bare VM context.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createContext, runInContext } from 'node:vm';

const root = resolve(__dirname, '..');
const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { version: string };
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

  it('starts with the version banner and is plain ES2019 (no import/export left)', () => {
    const code = readFileSync(join(outdir, file), 'utf8');
    expect(code.startsWith(`/*! inline-checkout ${pkg.version} */`)).toBe(true);
    expect(code).not.toMatch(/^\s*(import|export)\s/m);
  });
});
