import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** Vite's build manifest (`build.manifest`): source module → its chunk, stylesheets and static imports. */
type Manifest = Record<string, { file: string; css?: string[]; imports?: string[]; isEntry?: boolean }>;

export function readManifest(dir: string): Manifest | null {
  const file = join(dir, '.vite', 'manifest.json');
  if (!existsSync(file)) return null;
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as Manifest;
  } catch {
    return null;
  }
}

/** Everything a module statically pulls in, itself included. */
function closure(manifest: Manifest, keys: readonly string[], into = new Set<string>()): Set<string> {
  for (const key of keys) {
    if (into.has(key) || !manifest[key]) continue;
    into.add(key);
    closure(manifest, manifest[key].imports ?? [], into);
  }
  return into;
}

const escapeAttribute = (text: string) => text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/**
 * `<link>` tags for the chunks and stylesheets of lazily loaded modules a page renders (its page slice): the browser
 * fetches them with the document instead of after the main script has run, and the page's styles are there for the
 * first paint (no shift when they arrive). What the entry already links from index.html is left out.
 */
export function moduleLinks(manifest: Manifest | null, base: string, sources: readonly string[]): string {
  if (!manifest || sources.length === 0) return '';
  const entries = Object.keys(manifest).filter((key) => manifest[key]!.isEntry);
  const initial = closure(manifest, entries);
  const needed = [...closure(manifest, sources)].filter((key) => !initial.has(key));
  const scripts = needed.map((key) => manifest[key]!.file).filter((file) => file.endsWith('.js'));
  const styles = [...new Set(needed.flatMap((key) => manifest[key]!.css ?? []))];
  return [
    ...styles.map((file) => `<link rel="stylesheet" crossorigin href="${escapeAttribute(base + file)}">`),
    ...scripts.map((file) => `<link rel="modulepreload" crossorigin href="${escapeAttribute(base + file)}">`),
  ].join('');
}
