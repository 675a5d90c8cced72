import { useQuery } from '@tanstack/react-query';
import { liraTextsQuery, textOf } from '@/entities/lira-profile';

/** A bot message inside a view body; the server may override it (spec §3 "Text entry"). */
export function BotSays({ text, textKey, field }: { text: string; textKey?: string; field?: string }) {
  const texts = useQuery({ ...liraTextsQuery(), enabled: textKey !== undefined });
  const shown = (textKey && textOf(texts.data, textKey, field)) || text;
  return (
    <p className="kv-bot-message" data-testid="bot-message">
      {shown}
    </p>
  );
}
