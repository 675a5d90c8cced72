import { describe, expect, it } from 'vitest';
import { complexHeading } from '@/pages/complex/lib/texts';

describe("a complex page's heading", () => {
  it('keeps a house already named as one, whatever follows «Дом»', () => {
    expect(complexHeading('Дом, Красносельский', 'RESALE')).toBe('Дом, Красносельский');
    expect(complexHeading('Дом у м. Автово', 'RESALE')).toBe('Дом у м. Автово');
    expect(complexHeading('Домострой', 'RESALE')).toBe('Дом Домострой');
  });

  it('names a new build «ЖК» once', () => {
    expect(complexHeading('Северный парк', 'NEW')).toBe('ЖК Северный парк');
    expect(complexHeading('ЖК Северный парк', 'NEW')).toBe('ЖК Северный парк');
  });
});
