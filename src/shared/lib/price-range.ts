import { formatNumber } from './format';

const MILLION = 1_000_000;

/**
 * Spec §9 "price ranges in millions with rounding by magnitude (thresholds 25 and 100)":
 * below 25 the step is 0.1, from 25 to 100 a whole unit, from 100 up five units — the
 * precision a buyer reads at that size ('7,8', '42', '135').
 */
export function roundByMagnitude(value: number): number {
  const abs = Math.abs(value);
  const step = abs < 25 ? 0.1 : abs < 100 ? 1 : 5;
  return Math.round(Math.round(value / step) * step * 10) / 10;
}

/** A price range in units (millions by default): '5,2 – 7,8 млн ₽'; one value when both ends round equal. */
export function formatPriceRange(from: number, to: number, options: { unit?: number; suffix?: string } = {}): string {
  const unit = options.unit ?? MILLION;
  const suffix = options.suffix ?? ' млн ₽';
  const low = roundByMagnitude(Math.min(from, to) / unit);
  const high = roundByMagnitude(Math.max(from, to) / unit);
  if (low === high) return formatNumber(low, { custom: suffix });
  return `${formatNumber(low)} – ${formatNumber(high, { custom: suffix })}`;
}
