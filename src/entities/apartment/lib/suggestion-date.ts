const DATE = new Intl.DateTimeFormat('ru-RU', { day: 'numeric', month: 'long' });

/** When the agent suggested the apartment: '22 ноября'; an unreadable date is shown as it came. */
export function formatSuggestionDate(value: string): string {
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? value : DATE.format(date);
}
