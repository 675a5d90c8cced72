/**
 * The reasons of one message, each said once: an exact repeat is dropped, and so is a reason another one already
 * contains ('5 этаж' beside '5 этаж из 12'; 'На 8 % ниже рынка' beside 'Цена на 8 % ниже рынка'). Order is kept.
 */
export function distinctReasons(reasons: readonly string[]): string[] {
  const key = (text: string) => text.trim().toLowerCase();
  const keys = reasons.map(key);
  return reasons.filter((_, i) => {
    const own = keys[i]!;
    if (own === '' || keys.indexOf(own) !== i) return false;
    return !keys.some((other, j) => j !== i && other !== own && other.includes(own));
  });
}
