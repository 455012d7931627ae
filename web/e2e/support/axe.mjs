// axe-core in the page under test: fails on any violation of serious or critical impact. The
// script is evaluated through the DevTools protocol, which the page's CSP does not govern.
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';

const AXE_SOURCE = await readFile(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** Runs axe-core on `selector` and fails on any serious or critical violation. */
export async function assertAccessible(page, what, selector = 'body') {
  // Colours are read as painted: a dialog or menu still fading in would fail on contrast.
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getComputedTiming().endTime !== Infinity)
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  const violations = await page.evaluate(async (include) => {
    const result = await window.axe.run(include, { resultTypes: ['violations'] });
    return result.violations
      .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
      .map((violation) => ({
        id: violation.id,
        impact: violation.impact,
        help: violation.help,
        targets: violation.nodes.slice(0, 5).map((node) => node.target.join(' ')),
      }));
  }, selector);
  assert.deepEqual(violations, [], `${what}: axe-core found serious or critical violations:\n${JSON.stringify(violations, null, 2)}`);
}
