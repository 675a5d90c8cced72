/**
 * An animation that never ends (a skeleton's shimmer, a status dot's pulse) may move only what the compositor animates
 * by itself: `transform` and `opacity`. Anything else (`background-position`, `width`, colours) makes the page's main
 * thread restyle and repaint on every frame for as long as it runs — a skeleton waiting below the fold kept a phone's
 * main thread ~90 % busy on the apartment page (#47).
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const COMPOSITED = new Set(['transform', 'opacity']);

function cssFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return cssFiles(path);
    return entry.name.endsWith('.css') ? [path] : [];
  });
}

/** The keyframes' bodies by name (a block's braces nest one level: the steps). */
function keyframesOf(css: string): Map<string, string> {
  const found = new Map<string, string>();
  for (const match of css.matchAll(/@keyframes\s+([\w-]+)\s*\{((?:[^{}]*\{[^{}]*\})*\s*)\}/g)) found.set(match[1]!, match[2]!);
  return found;
}

/** Names of the animations run `infinite`ly, from `animation:` shorthands and `animation-name` beside an infinite count. */
function endlessAnimationsOf(css: string): string[] {
  const names: string[] = [];
  for (const rule of css.matchAll(/\{([^{}]*)\}/g)) {
    const body = rule[1]!;
    if (!/infinite/.test(body)) continue;
    const shorthand = /(?:^|;)\s*animation\s*:\s*([\w-]+)/.exec(body);
    const named = /animation-name\s*:\s*([\w-]+)/.exec(body);
    const name = named?.[1] ?? shorthand?.[1];
    if (name) names.push(name);
  }
  return names;
}

const animatedProperties = (keyframes: string) =>
  [...keyframes.matchAll(/([\w-]+)\s*:/g)].map((match) => match[1]!).filter((property) => !/^\d/.test(property));

describe('endless animations', () => {
  const sheets = cssFiles(join(process.cwd(), 'src')).map((path) => ({ path, css: readFileSync(path, 'utf8') }));
  const keyframes = new Map(sheets.flatMap(({ css }) => [...keyframesOf(css)]));
  const endless = sheets.flatMap(({ path, css }) => endlessAnimationsOf(css).map((name) => ({ path, name })));

  it('finds the ones the app has (the shimmer, the agent status pulse)', () => {
    expect(endless.map(({ name }) => name)).toEqual(expect.arrayContaining(['kv-shimmer', 'kv-agent-pulse']));
  });

  it.each(endless)('$name ($path) moves only transform or opacity', ({ name }) => {
    const steps = keyframes.get(name);
    expect(steps, `@keyframes ${name}`).toBeDefined();
    const properties = animatedProperties(steps!);
    expect(properties.length).toBeGreaterThan(0);
    expect(properties.filter((property) => !COMPOSITED.has(property))).toEqual([]);
  });
});
