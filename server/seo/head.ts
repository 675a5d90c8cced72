import { PRODUCT_NAME } from '@kvarta/contract/routes';
import { escapeHtml, jsonLdText } from './escape';
import type { PageMeta } from './page-meta';

const meta = (attribute: 'name' | 'property', key: string, content: string | number) =>
  `<meta ${attribute}="${key}" content="${escapeHtml(String(content))}" />`;

/**
 * The tags a page adds to the head: robots, canonical, Open Graph (which Telegram's and other messengers'
 * previews read), the Twitter card type and JSON-LD. Tags that need an absolute URL (canonical, og:url,
 * og:image) are left out when the origin is unknown: a relative og:image shows no picture anyway.
 */
export function headTags(page: PageMeta, origin: string | null): string[] {
  const tags: string[] = [];
  if (page.noindex) tags.push(meta('name', 'robots', 'noindex'));
  if (origin && page.canonicalPath) tags.push(`<link rel="canonical" href="${escapeHtml(origin + page.canonicalPath)}" />`);
  const social = page.social;
  if (social) {
    tags.push(
      meta('property', 'og:type', social.type),
      meta('property', 'og:site_name', PRODUCT_NAME),
      meta('property', 'og:locale', 'ru_RU'),
      meta('property', 'og:title', social.title),
      meta('property', 'og:description', social.description),
    );
    if (origin && page.canonicalPath) tags.push(meta('property', 'og:url', origin + page.canonicalPath));
    if (origin) {
      const image = origin + social.image.path;
      tags.push(
        meta('property', 'og:image', image),
        meta('property', 'og:image:type', social.image.type),
        meta('property', 'og:image:width', social.image.width),
        meta('property', 'og:image:height', social.image.height),
        meta('property', 'og:image:alt', social.image.alt),
      );
    }
    if (social.price !== undefined) {
      tags.push(meta('property', 'product:price:amount', social.price), meta('property', 'product:price:currency', 'RUB'));
    }
    tags.push(meta('name', 'twitter:card', origin ? 'summary_large_image' : 'summary'));
  }
  for (const block of page.jsonLd ?? []) tags.push(`<script type="application/ld+json">${jsonLdText(block)}</script>`);
  return tags;
}

/**
 * The SPA's index.html with this page's head: title and description replaced, the other tags added
 * before </head> (the body, and whatever server rendering puts there, untouched).
 */
export function injectMeta(html: string, page: PageMeta, origin: string | null = null): string {
  let out = html;
  // Function replacers: a `$&` or `$'` in a title is text, not a replacement pattern.
  if (page.title) {
    const title = `<title>${escapeHtml(page.title)}</title>`;
    out = out.replace(/<title>[\s\S]*?<\/title>/, () => title);
  }
  const extra = headTags(page, origin);
  if (page.description) {
    const tag = meta('name', 'description', page.description);
    if (/<meta\s+name="description"[^>]*>/.test(out)) out = out.replace(/<meta\s+name="description"[^>]*>/, () => tag);
    else extra.unshift(tag);
  }
  if (extra.length > 0) {
    const block = extra.join('\n');
    out = out.replace('</head>', () => `${block}\n</head>`);
  }
  return out;
}
