import AxeBuilder from '@axe-core/playwright';
import type { Page, TestInfo } from '@playwright/test';
import { expect } from './fixtures';

/** WCAG 2.1 A/AA with axe: what a11y.spec.ts and miniapp-a11y.spec.ts hold every page they walk to. */
const WCAG = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

interface Found {
  id: string;
  impact: string | null | undefined;
  nodes: string[];
}

async function violations(page: Page): Promise<Found[]> {
  // Let entrance transitions finish: axe measures the colours on screen. Waited for, not timed, since on a busy machine
  // a fade outlasts its stated duration; endless animations (a loading shimmer, a pulse) never finish, so not those.
  await page.waitForFunction(() =>
    document.getAnimations().every((animation) => {
      const timing = animation.effect?.getComputedTiming();
      return animation.playState !== 'running' || timing?.iterations === Infinity;
    }),
  );
  const result = await new AxeBuilder({ page }).withTags(WCAG).analyze();
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({
      id: v.id,
      impact: v.impact,
      nodes: v.nodes.slice(0, 5).map((n) => `${n.target.join(' ')} — ${n.failureSummary ?? ''}`),
    }));
}

export async function expectClean(page: Page, where: string, info: TestInfo): Promise<void> {
  const found = await violations(page);
  await info.attach(`axe ${where}`, { body: JSON.stringify(found, null, 2), contentType: 'application/json' });
  expect.soft(found, `${where}: ${JSON.stringify(found, null, 2)}`).toEqual([]);
}
