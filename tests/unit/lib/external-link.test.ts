import { describe, expect, it } from 'vitest';
import { externalLinkPath, parseExternalTarget } from '@/shared/lib';

describe('external link target', () => {
  it('accepts absolute http and https URLs from the hash', () => {
    expect(parseExternalTarget('#https://example.org')).toEqual({ ok: true, url: 'https://example.org/' });
    expect(parseExternalTarget('#http://example.org/a?b=1#c')).toEqual({ ok: true, url: 'http://example.org/a?b=1#c' });
    expect(parseExternalTarget('#https%3A%2F%2Fexample.org%2Fpath')).toEqual({ ok: true, url: 'https://example.org/path' });
  });

  it.each([
    '#javascript:alert(1)',
    '#JavaScript:alert(1)',
    '#data:text/html,<script>alert(1)</script>',
    '#file:///etc/passwd',
    '#ftp://example.org',
    '#vbscript:x',
  ])('refuses the unsafe %s', (hash) => {
    expect(parseExternalTarget(hash)).toEqual({ ok: false, reason: 'unsafe' });
  });

  it.each(['#/relative/path', '#example.org', '#%E0%A4%A', '#   '])('refuses junk %s', (hash) => {
    expect(parseExternalTarget(hash).ok).toBe(false);
  });

  it('refuses an empty hash', () => {
    expect(parseExternalTarget('')).toEqual({ ok: false, reason: 'empty' });
  });
});

describe('externalLinkPath', () => {
  it('sends an outside address through EXTERNAL_LINK, and the page reads the same address back', () => {
    const url = 'https://agency.example.ru/offer/78-0?utm=kvarta&x=1#photos';
    const path = externalLinkPath(url);
    expect(path.startsWith('/external-link#')).toBe(true);
    expect(path).not.toContain('?utm');
    expect(parseExternalTarget(path.slice(path.indexOf('#')))).toEqual({ ok: true, url });
  });
});
