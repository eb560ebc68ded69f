import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

const AXE_SOURCE = readFileSync(
  createRequire(import.meta.url).resolve('axe-core/axe.min.js'),
  'utf8',
);

interface Violation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: unknown[]; failureSummary?: string }[];
}

/** Runs axe-core in the page (issue "Trust and polish", item 9); serious and critical findings, one line each. */
export async function seriousViolations(page: Page, runes: boolean): Promise<string[]> {
  // axe reads colours as painted: a dialog's fade-in or a button's colour change still running
  // would read as low contrast. Finite animations and transitions end first (spinners run on).
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getComputedTiming().endTime !== Infinity)
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
  // Evaluated through the DevTools protocol: the site's CSP forbids injected script tags.
  await page.evaluate(AXE_SOURCE);
  const violations = await page.evaluate(async (runes) => {
    type Axe = { run(options: object): Promise<{ violations: Violation[] }> };
    const axe = (window as unknown as { axe: Axe }).axe;
    // In runes, links and buttons keep the Cyrillic as their accessible name on purpose
    // (docs/kyrgyz.md, Rune rules: screen readers cannot read runes), so the visible text is never
    // in it.
    return (await axe.run({ rules: { 'label-content-name-mismatch': { enabled: !runes } } }))
      .violations;
  }, runes);
  return violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .flatMap((violation) =>
      violation.nodes.map(
        (node) =>
          `${violation.id} (${violation.impact}) ${JSON.stringify(node.target)}: ${
            node.failureSummary?.split('\n')[1]?.trim() ?? violation.help
          }`,
      ),
    );
}
