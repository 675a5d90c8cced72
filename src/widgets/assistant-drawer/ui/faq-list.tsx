import { useQuery } from '@tanstack/react-query';
import { useUnit } from 'effector-react';
import { useState } from 'react';
import { botMessageSet } from '../model/chat';
import { loadErrorText } from '@/shared/api';
import { InlineError, useHaptics } from '@/shared/ui';
import { faqQuery } from '../api/faq-query';

/** The FAQ view: popular questions; a question makes the bot answer it (word by word). */
export function FaqList() {
  const setMessage = useUnit(botMessageSet);
  const faq = useQuery(faqQuery());
  const [selected, setSelected] = useState<number | null>(null);
  const haptics = useHaptics();
  if (faq.isPending)
    return (
      <p className="kv-muted" role="status">
        Загружаем вопросы…
      </p>
    );
  if (faq.isError) return <InlineError text={loadErrorText('вопросы', faq.error)} onRetry={() => void faq.refetch()} />;
  return (
    <ul className="kv-faq" aria-label="Частые вопросы">
      {faq.data.map((item) => (
        <li key={item.id}>
          <button
            type="button"
            className={`kv-faq__question${selected === item.id ? ' is-on' : ''}`}
            aria-pressed={selected === item.id}
            onClick={() => {
              if (selected !== item.id) haptics.selection();
              setSelected(item.id);
              setMessage({ text: item.answer, typingMode: 'BY_WORD' });
            }}
          >
            {item.question}
          </button>
        </li>
      ))}
    </ul>
  );
}
