import { useEffect, useMemo, useState } from 'react';
import { splitBotContent } from '../lib/bot-content';
import { typingPlan, type TypingMode } from '../lib/typing';

const PLACEHOLDER = `${import.meta.env.BASE_URL}images/bot-image-placeholder.svg`;

function usePrefersReducedMotion(): boolean {
  const query = typeof window !== 'undefined' ? window.matchMedia?.('(prefers-reduced-motion: reduce)') : undefined;
  const [reduced, setReduced] = useState(() => query?.matches === true);
  useEffect(() => {
    if (!query) return;
    const onChange = () => setReduced(query.matches);
    query.addEventListener('change', onChange);
    return () => query.removeEventListener('change', onChange);
  }, [query]);
  return reduced;
}

/**
 * A bot message that types itself (spec §9). The whole text is in the DOM from the first frame —
 * the part not yet typed is only transparent — so screen readers and search get it at once and the
 * bubble does not grow line by line. Images become the placeholder image (spec §2).
 */
export function TypedText({ text, mode }: { text: string; mode: TypingMode }) {
  const reducedMotion = usePrefersReducedMotion();
  const segments = useMemo(() => splitBotContent(text), [text]);
  const typable = useMemo(() => segments.map((s) => (s.kind === 'text' ? s.text : '')).join(''), [segments]);
  const plan = useMemo(() => typingPlan(typable, mode, { reducedMotion }), [typable, mode, reducedMotion]);
  /** Characters revealed after each step. */
  const reveals = useMemo(() => {
    let sum = 0;
    return plan.steps.map((step) => (sum += step.length));
  }, [plan]);
  const [typed, setTyped] = useState(plan.stepMs === 0 ? typable.length : 0);

  useEffect(() => {
    if (plan.stepMs === 0) {
      setTyped(typable.length);
      return;
    }
    setTyped(0);
    const started = performance.now();
    let frame = 0;
    const tick = (now: number) => {
      const step = Math.min(plan.steps.length, Math.floor((now - started) / plan.stepMs) + 1);
      setTyped(reveals[step - 1] ?? typable.length);
      if (step < plan.steps.length) frame = requestAnimationFrame(tick);
    };
    frame = requestAnimationFrame(tick);
    return () => cancelAnimationFrame(frame);
  }, [plan, reveals, typable]);

  let offset = 0;
  const done = typed >= typable.length;
  return (
    <span className="kv-typed" data-testid="bot-message-text" data-typing={done ? 'done' : 'typing'}>
      {segments.map((segment, i) => {
        if (segment.kind === 'image') {
          return (
            <img
              key={i}
              className={`kv-typed__image${typed >= offset ? '' : ' is-pending'}`}
              src={PLACEHOLDER}
              alt={segment.alt || 'Изображение'}
              width={240}
              height={140}
            />
          );
        }
        const start = offset;
        offset += segment.text.length;
        const shown = Math.max(0, Math.min(segment.text.length, typed - start));
        return (
          <span key={i}>
            {segment.text.slice(0, shown)}
            {shown < segment.text.length && <span className="kv-typed__rest">{segment.text.slice(shown)}</span>}
          </span>
        );
      })}
    </span>
  );
}
