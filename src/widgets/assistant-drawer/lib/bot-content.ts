export type BotSegment = { kind: 'text'; text: string } | { kind: 'image'; alt: string };

/** Markdown images `![alt](url)` and HTML `<img …>` tags. */
const IMAGE = /!\[([^\]]*)\]\([^)]*\)|<img\b[^>]*>/gi;
const ALT = /\balt\s*=\s*(?:"([^"]*)"|'([^']*)')/i;

/**
 * Spec §2: images in bot messages are replaced with the placeholder image. The text is split so
 * the UI renders the placeholder where an image was — and never loads the original address.
 */
export function splitBotContent(text: string): BotSegment[] {
  const out: BotSegment[] = [];
  let last = 0;
  for (const match of text.matchAll(IMAGE)) {
    const start = match.index ?? 0;
    if (start > last) out.push({ kind: 'text', text: text.slice(last, start) });
    const alt =
      match[1] ??
      ALT.exec(match[0])
        ?.slice(1)
        .find((x) => x !== undefined) ??
      '';
    out.push({ kind: 'image', alt });
    last = start + match[0].length;
  }
  if (last < text.length) out.push({ kind: 'text', text: text.slice(last) });
  return out;
}

/** The readable text of a message (images as their alt), for screen readers and typing. */
export function plainBotText(text: string): string {
  return splitBotContent(text)
    .map((s) => (s.kind === 'text' ? s.text : s.alt))
    .join('');
}
