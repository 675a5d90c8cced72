import { useUnit } from 'effector-react';
import { PROMO_SLIDES, PROMO_VIDEO_PATH } from '@/shared/config/promo';
import { videoModal } from '@/shared/model';
import { Icon } from '@/shared/ui';
import { useNavActions } from '@/widgets/navigation';

/** TOP's promo block (spec §1, §2 HOME): a video about AI search and the way into it. */
export function PromoBlock() {
  const open = useUnit(videoModal.opened);
  const { openLira } = useNavActions();
  const playVideo = () =>
    open({
      src: `${import.meta.env.BASE_URL}${PROMO_VIDEO_PATH}`,
      title: 'Как работает ИИ Поиск',
      transcript: PROMO_SLIDES.map((s) => `${s.title}. ${s.text.replace('\n', ' ')}`),
    });
  return (
    <aside className="kv-promo" aria-labelledby="kv-promo-title" data-testid="promo-block">
      <button type="button" className="kv-promo__play" onClick={playVideo} aria-label="Смотреть видео о ИИ Поиске">
        <Icon name="play" />
      </button>
      <div className="kv-promo__text">
        <h2 id="kv-promo-title" className="kv-promo__title">
          ИИ Поиск найдёт квартиру за вас
        </h2>
        <p className="kv-muted">Агент учится на ваших оценках и присылает новые варианты в Telegram. Бесплатно на три дня.</p>
      </div>
      <button type="button" className="kv-button kv-button--primary" onClick={openLira}>
        Перейти в ИИ Поиск
      </button>
    </aside>
  );
}
