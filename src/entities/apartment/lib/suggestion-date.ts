/** Made on first use (most cards carry no suggestion date): locale data is not loaded at startup. */
let dateFormat: Intl.DateTimeFormat | null = null;

/** When the agent suggested the apartment: '22 ноября'; an unreadable date is shown as it came. */
export function formatSuggestionDate(value: string): string {
  const date = new Date(value);
  return Number.isNaN(date.getTime())
    ? value
    : (dateFormat ??= new Intl.DateTimeFormat('ru-RU', { day: 'numeric', month: 'long' })).format(date);
}
