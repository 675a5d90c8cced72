import { useQuery } from '@tanstack/react-query';
import { useUnit } from 'effector-react';
import { $liraStatus, infoBlockFor, liraTextsQuery } from '@/entities/lira-profile';

const KEYS = { work: 'agentInfoBlockWork', stop: 'agentInfoBlockStop', unpaid: 'agentInfoBlockUnpaid' } as const;

/** Spec §4 "Selection-status info block": work / stop / unpaid texts from /api/init/texts. */
export function InfoBlock() {
  const status = useUnit($liraStatus);
  const texts = useQuery(liraTextsQuery());
  if (status === 'NOT_CREATED') return null;
  const kind = infoBlockFor(status);
  if (texts.isPending) return <div className="kv-agent-info kv-agent-info--loading" role="status" aria-label="Загружаем" />;
  const entry = texts.data?.[KEYS[kind]];
  if (!entry) return null;
  return (
    <aside className={`kv-agent-info kv-agent-info--${kind}`} data-testid="agent-info-block" data-kind={kind}>
      {entry.title && <h2 className="kv-agent-info__title">{entry.title}</h2>}
      {typeof entry.text === 'string' && <p>{entry.text}</p>}
    </aside>
  );
}
