import './sentence-search.css';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useEffect, useId, useMemo, useState } from 'react';
import { areaListQuery, cityListQuery, metroListQuery } from '@/entities/city';
import { wishGroupsQuery } from '@/entities/lira-profile';
import { api, errorMessage } from '@/shared/api';
import { ErrorText } from '@/shared/ui';
import { chipsOf, namedCity, type Parsed } from '../lib/chips';

/**
 * «Опишите квартиру словами»: the sentence goes to POST /api/search/parse and comes back as chips the buyer can
 * remove one by one before applying. A city it names is a chip too, and its districts and stations are that city's.
 * In TOP (`scope="top"`) only its settings apply — city, districts, metro and price — and the other chips say they
 * belong to AI search. `onPending` hears the parse not yet applied (null once applied), so a form's own submit can
 * apply it too.
 */
export function SentenceSearch({
  cityId,
  hasMetro,
  scope,
  onApply,
  onPending,
}: {
  cityId: number;
  hasMetro: boolean;
  scope: 'top' | 'lira';
  onApply: (parsed: Parsed) => void;
  onPending?: (parsed: Parsed | null) => void;
}) {
  const [text, setText] = useState('');
  const [parsed, setParsed] = useState<Parsed | null>(null);
  const id = useId();
  const other = namedCity(parsed, cityId);
  const placesCity = other ?? cityId;
  const cities = useQuery(cityListQuery()).data;
  const areas = useQuery(areaListQuery([placesCity])).data;
  const metro = useQuery(metroListQuery([placesCity], other !== null || hasMetro)).data;
  const wishes = useQuery(wishGroupsQuery()).data;
  useEffect(() => {
    // A block, not an arrow's value: what the handler returns must not become the effect's clean-up.
    onPending?.(parsed);
  }, [onPending, parsed]);
  const parse = useMutation({
    mutationFn: (sentence: string) => api.call('searchParse', { body: { text: sentence, cityId } }),
    onSuccess: setParsed,
  });
  const names = useMemo(() => {
    const area = new Map<number, string>();
    for (const group of [...Object.values(areas?.city ?? {}), ...Object.values(areas?.region ?? {})])
      for (const a of group) area.set(a.id, a.name);
    return {
      city: new Map((cities ?? []).map((c) => [c.kladr, c.name])),
      area,
      metro: new Map((metro ?? []).map((m) => [m.id, m.name])),
      wish: new Map((wishes ?? []).map((w) => [w.code, w.title])),
    };
  }, [cities, areas, metro, wishes]);
  const chips = parsed ? chipsOf(parsed, names) : [];
  const applicable = chips.filter((c) => scope === 'lira' || c.inTop);
  const elsewhere = chips.length - applicable.length;
  const submit = () => {
    if (text.trim().length === 0) return;
    parse.mutate(text.trim());
  };

  return (
    <div className="kv-sentence" data-testid="sentence-search">
      <label className="kv-field" htmlFor={id}>
        <span>Опишите квартиру словами</span>
        <span className="kv-sentence__row">
          <input
            id={id}
            className="kv-input"
            value={text}
            maxLength={500}
            placeholder="двушка у метро до 15 млн с отделкой в Приморском"
            onChange={(e) => setText(e.target.value)}
            onKeyDown={(e) => {
              if (e.key === 'Enter') {
                e.preventDefault();
                submit();
              }
            }}
            data-testid="sentence-input"
          />
          <button
            type="button"
            className="kv-button"
            onClick={submit}
            disabled={parse.isPending || text.trim().length === 0}
            data-testid="sentence-parse"
          >
            {parse.isPending ? 'Разбираем…' : 'Разобрать'}
          </button>
        </span>
      </label>
      <ErrorText text={parse.isError && `Не удалось разобрать фразу: ${errorMessage(parse.error)}`} />
      {parsed && (
        <div className="kv-sentence__result" aria-live="polite">
          {chips.length === 0 ? (
            <p className="kv-muted">Не нашли в этой фразе условий поиска. Попробуйте иначе: «однушка у метро до 8 млн».</p>
          ) : (
            <ul className="kv-sentence__chips" aria-label="Понятые условия" data-testid="sentence-chips">
              {chips.map((chip) => {
                const off = scope === 'top' && !chip.inTop;
                return (
                  <li key={chip.key} className={`kv-chip kv-sentence__chip${off ? ' is-off' : ' is-on'}`} data-testid="sentence-chip">
                    <span>{chip.label}</span>
                    {off && <span className="kv-sentence__note"> · в ИИ Поиске</span>}
                    <button
                      type="button"
                      className="kv-sentence__remove"
                      aria-label={`Убрать «${chip.label}»`}
                      onClick={() => setParsed((p) => (p ? chip.remove(p) : p))}
                    >
                      ×
                    </button>
                  </li>
                );
              })}
            </ul>
          )}
          {elsewhere > 0 && (
            <p className="kv-muted" data-testid="sentence-elsewhere">
              {applicable.length > 0
                ? 'Условия с пометкой «в ИИ Поиске» TOP не учитывает: задайте их в ИИ Поиске.'
                : 'TOP не учитывает эти условия: задайте их в ИИ Поиске.'}
            </p>
          )}
          {parsed.unknown.length > 0 && (
            <p className="kv-muted" data-testid="sentence-unknown">
              Не поняли: {parsed.unknown.join(', ')}
            </p>
          )}
          {applicable.length > 0 && (
            <button
              type="button"
              className="kv-button kv-button--primary"
              onClick={() => {
                onApply(parsed);
                setParsed(null);
              }}
              data-testid="sentence-apply"
            >
              Применить условия
            </button>
          )}
        </div>
      )}
    </div>
  );
}
