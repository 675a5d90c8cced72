/**
 * Texts of the 'ai_kvarta' category (spec §3 "Text entry"). Where the spec gives Russian it is
 * copied exactly; where it paraphrases in English, the Russian here is ours. Operators may
 * override any row in the `texts` table: seeding never overwrites.
 */
export const TEXT_CATEGORY = 'ai_kvarta';

export interface TextSeed {
  key: string;
  text: string;
  title?: string;
  url?: string;
}

const SETTINGS = 'Настройте свои параметры';
const CHECK = 'Ищем квартиры по вашему запросу...';
const BAD_FILTERS =
  'По вашему запросу мало квартир. Новые варианты появляются каждый день, и какие-то из них могут вам подойти. Вы уверены, что хотите продолжить?';
const FAQ_INTRO = 'Привет, я цифровой риелтор «Кварты»! Здесь собраны популярные вопросы.';

export const DEFAULT_TEXTS: readonly TextSeed[] = [
  { key: 'assist_1st_msg', text: FAQ_INTRO },
  { key: 'top_setting_1st_msg', text: SETTINGS },
  { key: 'agent_setting_preview', text: 'Что хотите изменить?' },
  { key: 'agent_setting_main', text: SETTINGS },
  { key: 'agent_setting_alt', text: 'Настройте поиск альтернатив' },
  { key: 'agent_check_create', text: CHECK },
  { key: 'agent_check_update', text: BAD_FILTERS },
  {
    key: 'agent_info_block_work',
    title: 'ИИ-агент ищет квартиры',
    text: 'Каждый день агент просматривает новые предложения и добавляет сюда те, что подходят под ваш запрос. Ставьте лайки и дизлайки — так подбор станет точнее.',
  },
  {
    key: 'agent_info_block_stop',
    title: 'Подбор остановлен',
    text: 'Сейчас агент не ищет новые квартиры. Найденные варианты остаются здесь — запустите подбор снова, когда будете готовы.',
  },
  {
    key: 'agent_info_block_unpaid',
    title: 'Подписка закончилась',
    text: 'Найденные квартиры остаются доступны, но новые не приходят. Продлите подписку, чтобы агент продолжил поиск.',
  },
  { key: 'faq_text', text: FAQ_INTRO },
  { key: 'lexs_text', text: SETTINGS },
  { key: 'lira_switch', text: 'Что хотите изменить?' },
  { key: 'lira_main', text: SETTINGS },
  { key: 'lira_alternative', text: 'Настройте поиск альтернатив' },
  {
    key: 'lira_creation',
    // Stored as JSON: the endpoint returns it parsed, one message per step of the guided setup.
    text: JSON.stringify({
      default: SETTINGS,
      presets:
        'Привет, я ваш ИИ-агент! Ответьте на несколько вопросов, чтобы я точно понял, какую квартиру искать. Всего 5 шагов. Шаг 1: Кто будет жить в квартире?',
      wishes:
        'Для точного поиска укажите ваши пожелания: лучшие совпадения будут первыми, а для каждого я покажу в %, насколько квартира ему соответствует.',
      check: CHECK,
      badFiltersConfirm: BAD_FILTERS,
      trialInfo: 'Бесплатный доступ к ИИ Поиску на 3 дня, чтобы вы могли оценить сервис.',
    }),
  },
  { key: 'lira_main_bad_filters', text: BAD_FILTERS },
];
