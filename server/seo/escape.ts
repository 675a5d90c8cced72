/** Text for a double-quoted HTML attribute value or an element body: the characters that could end either. */
export const escapeHtml = (text: string): string =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** Text for XML (sitemaps): the same five, as XML entities. */
export const escapeXml = (text: string): string =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&apos;');

/**
 * JSON for a `<script type="application/ld+json">` body. The HTML parser ends the script at the first
 * `</script` whatever JSON thinks of it, and `<!--` changes how it scans: so `<`, `>` and `&` become
 * \u escapes (still the same JSON string), and U+2028/2029 too, for any consumer that evals it as JS.
 */
export const jsonLdText = (value: unknown): string =>
  JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
