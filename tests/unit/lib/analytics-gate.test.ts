import { describe, expect, it, vi } from 'vitest';
import { CLIENT_CONFIG_ELEMENT_ID } from '@kvarta/contract/client-config';

type Ym = ((...args: unknown[]) => void) & { a?: unknown[][] };

describe('Metrica waits for the analytics consent', () => {
  it('sends nothing before consent, the pending page view once it comes, and nothing after a withdrawal', async () => {
    const config = document.createElement('script');
    config.type = 'application/json';
    config.id = CLIENT_CONFIG_ELEMENT_ID;
    config.textContent = JSON.stringify({ metrika: { id: 55555 } });
    document.head.append(config);
    // Unit files share modules (isolate: false): a fresh copy of the outside services, reading this page's settings.
    vi.resetModules();
    delete (window as unknown as { ym?: Ym }).ym;
    document.querySelectorAll('script[src*="metrika"]').forEach((script) => script.remove());
    // The tag's <script> is never fetched under jsdom: the queue the snippet makes is what we read.
    const { analyticsNeedConsent, goalReachedFx, pageViewed, startAnalytics, stopAnalytics } = await import('@/shared/outside');
    const calls = () => ((window as unknown as { ym?: Ym }).ym?.a ?? []).map((call) => call.slice(0, 3));

    expect(analyticsNeedConsent()).toBe(true);
    pageViewed('http://localhost/', 'ТОП | Кварта');
    await goalReachedFx('like');
    expect((window as unknown as { ym?: Ym }).ym).toBeUndefined();
    expect(document.querySelector('script[src*="metrika"]')).toBeNull();

    startAnalytics();
    expect(document.querySelector('script[src*="mc.yandex.ru/metrika/tag.js"]')).not.toBeNull();
    expect(calls()).toEqual([
      [55555, 'init', expect.objectContaining({ defer: true })],
      [55555, 'hit', 'http://localhost/'],
    ]);
    // The page view that waited is sent once, not again when consent is given again.
    startAnalytics();
    expect(calls()).toHaveLength(2);

    stopAnalytics();
    expect((window as unknown as Record<string, unknown>).disableYaCounter55555).toBe(true);
    pageViewed('http://localhost/services', 'Услуги | Кварта');
    await goalReachedFx('like');
    expect(calls()).toHaveLength(2);

    startAnalytics();
    expect((window as unknown as Record<string, unknown>).disableYaCounter55555).toBeUndefined();
    expect(calls().at(-1)).toEqual([55555, 'hit', 'http://localhost/services']);
    config.remove();
    vi.resetModules();
  });
});
