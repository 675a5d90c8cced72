import { useQuery } from '@tanstack/react-query';
import { useUnit } from 'effector-react';
import { SellerCard, advertsQuery } from '@/entities/apartment';
import { PRODUCT_NAME, loadErrorText, type Advert } from '@/shared/api';
import { dayText, formatNumber } from '@/shared/lib';
import { advertModal, modalClosed } from '@/shared/model';
import { Link } from 'react-router-dom';
import { Fact, InlineError, Modal } from '@/shared/ui';
import { advertLink } from '../lib/advert-link';
import './advert-modal.css';

const TITLE = 'Объявление';

/**
 * The advert modal (spec §2, APART "adverts"): one advert of the apartment — its source, price, date and text — and the
 * way to it: our own advert is the apartment's page, another source's site is reached through EXTERNAL_LINK only.
 * Opened by `advertModal.opened({ apartmentId, source })`; the list comes from the cache the adverts section filled.
 */
export function AdvertModal() {
  const [props, close] = useUnit([advertModal.$props, modalClosed]);
  const adverts = useQuery({ ...advertsQuery(props?.apartmentId ?? 0), enabled: props !== null });
  if (!props) return null;
  const advert = adverts.data?.find((a) => a.source === props.source && (props.number === undefined || a.number === props.number));
  return (
    <Modal title={advert ? `${TITLE} — ${advert.source}` : TITLE} onClose={close} sheet testId="advert-modal">
      {adverts.isPending ? (
        <div className="kv-advert kv-advert--loading" role="status" aria-busy="true">
          <span className="kv-advert__bar" />
          <span className="kv-advert__bar" />
          <span className="kv-advert__bar kv-advert__bar--short" />
          <span className="kv-muted">Загружаем объявление…</span>
        </div>
      ) : adverts.isError ? (
        <InlineError text={loadErrorText('объявление', adverts.error)} onRetry={() => void adverts.refetch()} />
      ) : advert ? (
        <AdvertBody advert={advert} onLeave={close} />
      ) : (
        <p className="kv-muted" role="status">
          Это объявление больше не публикуется.
        </p>
      )}
    </Modal>
  );
}

function AdvertBody({ advert, onLeave }: { advert: Advert; onLeave: () => void }) {
  const isOwn = advert.source === PRODUCT_NAME;
  const link = advertLink(advert, isOwn);
  // Older servers send no text: the title is the best description they have.
  const paragraphs = (advert.text ?? advert.title)
    .split(/\n+/)
    .map((p) => p.trim())
    .filter(Boolean);
  return (
    <div className="kv-advert">
      <p className="kv-advert__price">{formatNumber(advert.priceTotal, 'rub')}</p>
      {/* Our own advert is the apartment's page, which names the seller; another source's advert names its seller here. */}
      {!isOwn && advert.seller !== undefined && (
        <>
          <h3 className="kv-advert__subtitle">Продавец</h3>
          <SellerCard seller={advert.seller} isDemo={advert.isDemo ?? false} onLeave={onLeave} />
        </>
      )}
      <dl className="kv-facts">
        <Fact term="Источник" testId="advert-source">
          {advert.source}
        </Fact>
        {advert.number && (
          <Fact term="№ объявления" testId="advert-number">
            {advert.number}
          </Fact>
        )}
        <Fact term="Опубликовано">
          <time dateTime={advert.publishedAt}>{dayText(advert.publishedAt)}</time>
        </Fact>
      </dl>
      <h3 className="kv-advert__subtitle">Описание</h3>
      <div className="kv-advert__text" data-testid="advert-text">
        {paragraphs.map((p, i) => (
          <p key={i}>{p}</p>
        ))}
      </div>
      {link?.kind === 'own' && (
        <Link to={link.to} className="kv-button kv-button--primary kv-button--wide" onClick={onLeave}>
          Открыть страницу квартиры
        </Link>
      )}
      {link?.kind === 'external' && (
        <>
          <Link to={link.to} state={link.state} className="kv-button kv-button--primary kv-button--wide" onClick={onLeave}>
            Перейти к объявлению
          </Link>
          <p className="kv-muted kv-advert__note">Объявление на сайте {link.host}. Перед переходом покажем, куда вы уходите.</p>
        </>
      )}
      {!link && <p className="kv-muted kv-advert__note">У этого объявления нет ссылки на сайт источника.</p>}
    </div>
  );
}
