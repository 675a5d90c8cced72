import { consentText, CONSENT_TEXTS } from '@kvarta/contract/consent-texts';
import { isConsentPurpose } from '@kvarta/contract/consents';
import { consentPath } from '@kvarta/contract/routes';
import { Link, useParams, useSearchParams } from 'react-router-dom';
import { CustomTitle } from '@/shared/ui';
import './consent.css';

const dateOf = (day: string) =>
  new Date(`${day}T12:00:00Z`).toLocaleDateString('ru-RU', { day: 'numeric', month: 'long', year: 'numeric' });

/**
 * A consent's own page (152-FZ as amended by 156-FZ: a document of its own, not a clause of another): the wording in
 * force, or an earlier one by `?version=N` (a decision names the version it was made on), with every version listed.
 */
export function ConsentPage() {
  const { purpose } = useParams();
  const [search] = useSearchParams();
  if (!isConsentPurpose(purpose)) return null;
  const asked = search.get('version');
  const version = asked === null ? undefined : Number(asked);
  const text = consentText(purpose, version);
  const all = CONSENT_TEXTS[purpose];
  const latest = all[all.length - 1]!;
  if (!text)
    return (
      <section className="kv-consent-page">
        <h1>Такой версии согласия нет</h1>
        <p>
          <Link to={consentPath(purpose)}>Действующая редакция</Link>
        </p>
      </section>
    );
  return (
    <article className="kv-consent-page" data-testid="consent-page">
      <CustomTitle title={text.title} />
      <h1>{text.title}</h1>
      <p className="kv-muted" data-testid="consent-version">
        Редакция {text.version} от {dateOf(text.since)}
        {text.version === latest.version ? ' (действующая)' : ' (прежняя)'}
      </p>
      {text.paragraphs.map((paragraph) => (
        <p key={paragraph}>{paragraph}</p>
      ))}
      {all.length > 1 && (
        <nav aria-label="Редакции">
          <h2>Все редакции</h2>
          <ul>
            {all.map((t) => (
              <li key={t.version}>
                <Link to={consentPath(purpose, t.version)}>
                  Редакция {t.version} от {dateOf(t.since)}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      )}
    </article>
  );
}
