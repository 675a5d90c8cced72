import { useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { ROUTES, ROUTE_TITLES } from '@/shared/api';

/** What the index means, in one sentence: a first visit's «AI 41 %» must not stay a bare number. */
function aiIndexExplanation(percent: number): string {
  return `Индекс AI ${percent} % — наша оценка того, насколько эта квартира вам подойдёт; она уточняется по вашим «Нравится» и «Не нравится».`;
}

/** One wish or one learned preference and how well the flat fits it (the item's wishesTexts), 0…100. */
export interface IndexReason {
  title: string;
  percent: number;
}

const lowerFirst = (text: string) => text.charAt(0).toLowerCase() + text.slice(1);

/**
 * What raised the index and what lowered it, in words: what the flat fits well (60 % and more) raised it, what it
 * fits badly (below 40 %) lowered it; the middle says little either way. Empty when nothing stands out.
 */
export function indexReasonsText(reasons: readonly IndexReason[]): string {
  const up = reasons.filter((r) => r.percent >= 60).map((r) => lowerFirst(r.title));
  const down = reasons.filter((r) => r.percent < 40).map((r) => lowerFirst(r.title));
  return [up.length > 0 ? `Повышает: ${up.join('; ')}.` : '', down.length > 0 ? `Понижает: ${down.join('; ')}.` : '']
    .filter(Boolean)
    .join(' ');
}

/**
 * «AI NN %» as a button: one tap (or Enter) opens the sentence that explains the number beside it, the next tap,
 * Escape or a tap elsewhere closes it. The explanation is announced with the button's description.
 */
export function AiIndexBadge({
  percent,
  reasons = [],
  className = '',
}: {
  percent: number;
  /** What the index is made of (the item's wishesTexts): the note says what raised and lowered it. */
  reasons?: readonly IndexReason[];
  className?: string;
}) {
  const [open, setOpen] = useState(false);
  const box = useRef<HTMLSpanElement>(null);
  const noteId = useId();
  useEffect(() => {
    if (!open) return;
    const closeOutside = (event: PointerEvent) => {
      if (!box.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', closeOutside);
    return () => document.removeEventListener('pointerdown', closeOutside);
  }, [open]);
  return (
    <span className={`kv-ai-index ${className}`.trim()} ref={box}>
      <button
        type="button"
        className="kv-badge kv-badge--primary kv-ai-index__badge"
        aria-expanded={open}
        aria-controls={noteId}
        aria-label={`Индекс AI ${percent} %: что это значит`}
        onClick={() => setOpen((shown) => !shown)}
        onKeyDown={(event) => {
          if (event.key === 'Escape' && open) {
            event.stopPropagation();
            setOpen(false);
          }
        }}
      >
        {`AI ${percent} %`}
      </button>
      <span id={noteId} className="kv-ai-index__note" role="note" hidden={!open}>
        {[aiIndexExplanation(percent), indexReasonsText(reasons)].filter(Boolean).join(' ')}{' '}
        {/* 149-FZ art. 10.2-2: the index is a recommendation; what it is made of and how to turn it off. */}
        <Link to={ROUTES.RECOMMENDATION_RULES}>{ROUTE_TITLES.RECOMMENDATION_RULES}</Link>
      </span>
    </span>
  );
}
