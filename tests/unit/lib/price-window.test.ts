import { describe, expect, it } from 'vitest';
import { topPriceWindow } from '@/shared/api';

describe('TOP price window (spec §5)', () => {
  const preset = { min: 5_000_000, max: 12_000_000 };

  it('uses the preset bounds when the user did not change the price', () => {
    expect(topPriceWindow(9_000_000, 20, false, preset)).toEqual(preset);
  });

  it('centres a gap rounded to 100 000 on the user price', () => {
    // 8 000 000 / 100 000 × 20 / 100 = 16 → gap 1 600 000.
    expect(topPriceWindow(8_000_000, 20, true, preset)).toEqual({ min: 6_400_000, max: 9_600_000 });
    // 8 350 000 / 100 000 × 15 / 100 = 12.525 → 13 → 1 300 000.
    expect(topPriceWindow(8_350_000, 15, true, preset)).toEqual({ min: 7_050_000, max: 9_650_000 });
  });

  it('clamps to 2 000 000 and 200 000 000', () => {
    expect(topPriceWindow(2_100_000, 50, true, preset).min).toBe(2_000_000);
    expect(topPriceWindow(190_000_000, 20, true, preset).max).toBe(200_000_000);
  });
});
