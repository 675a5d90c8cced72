import { useUnit } from 'effector-react';
import { useState } from 'react';
import { useHaptics } from '@/shared/ui';
import { $dislikeTarget, dislikeReasonsSubmitted, reactionRequested } from '../model/reaction';

/** The DISLIKE drawer view: 'Уточните, что не понравилось?' with reason chips. */
export function DislikeReasons() {
  const [target, submit, react] = useUnit([$dislikeTarget, dislikeReasonsSubmitted, reactionRequested]);
  const [chosen, setChosen] = useState<string[]>([]);
  const haptics = useHaptics();
  if (!target) return null;
  const toggle = (key: string) => {
    haptics.selection();
    setChosen((list) => (list.includes(key) ? list.filter((k) => k !== key) : [...list, key]));
  };
  return (
    <form
      className="kv-reasons"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        // The dislike is recorded now: felt like the card's own reaction buttons.
        haptics.impact('light');
        react({ item: target, action: 'DISLIKE', notices: chosen });
        submit(chosen);
        setChosen([]);
      }}
    >
      {(['Квартира', 'Расположение'] as const).map((group) => (
        <fieldset key={group} className="kv-reasons__group">
          <legend>{group}</legend>
          {target.availableNoticeList[group].map((notice) => (
            <button
              key={notice.key}
              type="button"
              className={`kv-chip${chosen.includes(notice.key) ? ' is-on' : ''}`}
              aria-pressed={chosen.includes(notice.key)}
              onClick={() => toggle(notice.key)}
            >
              {notice.title}
            </button>
          ))}
        </fieldset>
      ))}
      <button type="submit" className="kv-button kv-button--primary kv-button--wide">
        Готово
      </button>
    </form>
  );
}
