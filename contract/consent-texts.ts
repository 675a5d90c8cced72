/**
 * The text of each consent (contract/consents.ts), every version kept: a decision names the version it was made on, so
 * the words a person agreed to can always be shown (`/consent/{purpose}?version=N`). A new wording is a new entry with
 * the next number, and CONSENT_VERSIONS moves to it. Zod-free: the pages and the server's head both read it.
 */
export interface ConsentText {
  version: number;
  /** The day this wording took effect, YYYY-MM-DD. */
  since: string;
  title: string;
  /** One line for the place it is asked. */
  summary: string;
  paragraphs: readonly string[];
  /** What a withdrawal ends, in the profile beside «Отозвать». */
  withdrawalEnds: string;
}

const OPERATOR =
  'Оператор — владелец сервиса «Кварта», указанный внизу сайта и в политике обработки персональных данных (наименование, ОГРН, ИНН, адрес).';
const WITHDRAWAL =
  'Согласие можно отозвать в любой момент: в профиле («Ваши данные» → «Согласия») или письмом оператору. Отзыв не влияет на законность обработки до него.';

/** By purpose (contract/consents.ts lists the purposes, and its CONSENT_VERSIONS reads the latest of each here). */
export const CONSENT_TEXTS = {
  callback: [
    {
      version: 1,
      since: '2026-11-29',
      title: 'Согласие на обработку персональных данных для обратного звонка',
      summary: 'Имя и телефон — только чтобы менеджер перезвонил по вашей заявке.',
      paragraphs: [
        'Я даю согласие на обработку моих персональных данных для того, чтобы менеджер сервиса «Кварта» перезвонил мне по оставленной заявке и ответил на вопрос об услуге.',
        'Какие данные: имя, номер телефона, город, страница и услуга, с которых оставлена заявка, время заявки.',
        'Что с ними делают: записывают, хранят, передают менеджерам сервиса в рабочий чат Telegram, используют для звонка. Третьим лицам для их целей не передаются.',
        OPERATOR,
        'Срок: до исполнения заявки и не дольше одного года с её подачи, либо до отзыва согласия.',
        `${WITHDRAWAL} После отзыва менеджер больше не позвонит, а заявки с именем и телефоном удаляются сразу (не позже 30 дней).`,
      ],
      withdrawalEnds: 'Менеджер не позвонит по вашим заявкам; заявки с именем и телефоном удалятся сразу.',
    },
  ],
  analytics: [
    {
      version: 1,
      since: '2026-11-29',
      title: 'Согласие на обработку данных сервисами аналитики и рекламы',
      summary: 'Яндекс Метрика и рекламные блоки с cookie — чтобы понимать, как работает сервис.',
      paragraphs: [
        'Я даю согласие на обработку данных о моём посещении сервиса «Кварта» с помощью Яндекс Метрики и рекламной системы AdFox (ООО «Яндекс»): чтобы понимать, какие разделы полезны, находить ошибки и показывать рекламу.',
        'Какие данные: идентификаторы в cookie (например, _ym_uid), адрес страницы и откуда на неё пришли, действия на странице (нажатия, прокрутка), сведения о браузере и устройстве, приблизительное местоположение по IP-адресу.',
        'Что с ними делают: собирают и передают ООО «Яндекс» (Россия), которое обрабатывает их по поручению оператора и по своим правилам; сервис видит только обезличенные отчёты.',
        'Без этого согласия сервис работает полностью: счётчики и рекламные блоки не загружаются, идентификаторы не создаются.',
        OPERATOR,
        'Срок: до отзыва согласия.',
        `${WITHDRAWAL} После отзыва счётчики перестают работать сразу, без перезагрузки, а их cookie на этом устройстве удаляются.`,
      ],
      withdrawalEnds: 'Яндекс Метрика и реклама AdFox перестанут загружаться; их cookie на этом устройстве удалятся.',
    },
  ],
} as const satisfies Record<string, readonly ConsentText[]>;

/** The wording of a version (the one in force when none is named); undefined for a version that never existed. */
export function consentText(purpose: keyof typeof CONSENT_TEXTS, version?: number): ConsentText | undefined {
  const texts: readonly ConsentText[] = CONSENT_TEXTS[purpose];
  return version === undefined ? texts[texts.length - 1] : texts.find((text) => text.version === version);
}
