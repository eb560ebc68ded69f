import { mkdirSync } from 'node:fs';
import type { Page } from 'playwright-core';

/**
 * `shot(page, name)`: a full-page screenshot `name.png` in `dir`, for a person to look at;
 * nothing when `dir` is not set (the files set it from an environment variable).
 */
export function screenshots(dir: string | null | undefined) {
  return async (page: Page, name: string): Promise<void> => {
    if (!dir) return;
    mkdirSync(dir, { recursive: true });
    await page.screenshot({ path: `${dir}/${name}.png`, fullPage: true });
  };
}
