import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PlatformContext } from '@platform';
import { createMockPlatform } from '../../../platform/mock';

/** What swiper was started with: the slider's own logic is under test, so swiper is a recorder that keeps its index. */
const started: { initialSlide: number | undefined }[] = [];

vi.mock('swiper', () => ({
  Swiper: class {
    activeIndex: number;
    constructor(_element: HTMLElement, options: { initialSlide?: number }) {
      started.push({ initialSlide: options.initialSlide });
      this.activeIndex = options.initialSlide ?? 0;
    }
    slideTo(index: number) {
      this.activeIndex = index;
    }
    destroy() {}
  },
}));

const { PhotoSlider } = await import('../../../src/shared/ui/photo-slider');

function renderSlider() {
  render(
    <PlatformContext.Provider value={createMockPlatform()}>
      <PhotoSlider count={3} label="Квартира" renderSlide={(index) => <span>фото {index + 1}</span>} />
    </PlatformContext.Provider>,
  );
}

describe('PhotoSlider', () => {
  beforeEach(() => {
    started.length = 0;
    // jsdom scrolls nothing; the strip's smooth scroll is still under way when swiper comes.
    Element.prototype.scrollTo = vi.fn();
  });
  afterEach(() => vi.restoreAllMocks());

  it('a bullet tapped before swiper came is the slide swiper starts on, not the one the strip is leaving', async () => {
    renderSlider();
    const second = screen.getByRole('button', { name: 'Фото 2' });
    await act(async () => {
      fireEvent.click(second);
    });
    expect(second.getAttribute('aria-current')).toBe('true');
    await waitFor(() => expect(started).toHaveLength(1));
    expect(started[0]?.initialSlide).toBe(1);
    expect(second.getAttribute('aria-current')).toBe('true');
    expect(screen.getByRole('button', { name: 'Фото 1' }).getAttribute('aria-current')).toBeNull();
  });

  it('with no bullet tapped, swiper starts where the strip is', async () => {
    renderSlider();
    await waitFor(() => expect(started).toHaveLength(1));
    expect(started[0]?.initialSlide).toBe(0);
    expect(screen.getByRole('button', { name: 'Фото 1' }).getAttribute('aria-current')).toBe('true');
  });
  it('a swipe after a bullet, before swiper came, moves the bullets and is where swiper starts', async () => {
    // The browser stays busy: swiper waits for an idle moment that the test hands over at the end.
    let idle: (() => void) | undefined;
    vi.stubGlobal('requestIdleCallback', (task: () => void) => {
      idle = task;
      return 1;
    });
    vi.stubGlobal('cancelIdleCallback', () => {});
    renderSlider();
    const strip = screen.getByLabelText(/^Фото 1 из 3/);
    Object.defineProperty(strip, 'clientWidth', { configurable: true, value: 300 });
    const scrollTo = (left: number) => {
      strip.scrollLeft = left;
      fireEvent.scroll(strip);
    };
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Фото 2' }));
    });
    // The bullet's smooth scroll passes and reaches the second photo; then the visitor swipes on to the third.
    act(() => scrollTo(120));
    expect(screen.getByRole('button', { name: 'Фото 2' }).getAttribute('aria-current')).toBe('true');
    act(() => scrollTo(300));
    act(() => scrollTo(600));
    expect(screen.getByRole('button', { name: 'Фото 3' }).getAttribute('aria-current')).toBe('true');
    expect(idle).toBeDefined();
    await act(async () => idle?.());
    await waitFor(() => expect(started).toHaveLength(1));
    expect(started[0]?.initialSlide).toBe(2);
    expect(screen.getByRole('button', { name: 'Фото 3' }).getAttribute('aria-current')).toBe('true');
  });
});
