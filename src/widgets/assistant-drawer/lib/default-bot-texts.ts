import type { BotTexts } from './bot-texts';

const SETTINGS = 'Настройте свои параметры';
const BAD_FILTERS =
  'По вашему запросу мало квартир. Новые варианты появляются каждый день, и какие-то из них могут вам подойти. Вы уверены, что хотите продолжить?';

/**
 * Built-in bot texts (spec §4 "Chat panel"); the server may override them (spec §3 "Text entry").
 * Russian copied where the spec gives it; ours where the spec paraphrases.
 */
export const DEFAULT_BOT_TEXTS: BotTexts = {
  FAQ: { default: 'Привет, я цифровой риелтор «Кварты»! Здесь собраны популярные вопросы.' },
  LEXS: { default: SETTINGS },
  LEXS_SIDEBAR: { default: 'Квартиры в этом доме' },
  FAVOURITES_SIDEBAR: { default: 'Избранные квартиры в этом доме' },
  LIRA_SIDEBAR: { default: 'Квартиры в этом доме' },
  LIRA_CREATION: {
    default: SETTINGS,
    presets:
      'Привет, я ваш ИИ-агент! Ответьте на несколько вопросов, чтобы я точно понял, какую квартиру искать. Всего 5 шагов. Шаг 1: Кто будет жить в квартире?',
    location: 'Шаг 2: Где ищем? Выберите районы и метро — или оставьте пустым, чтобы искать по всему городу.',
    budget: 'Шаг 3: Какой бюджет и сколько комнат?',
    wishes:
      'Для точного поиска укажите ваши пожелания: лучшие совпадения будут первыми, а для каждого я покажу в %, насколько квартира ему соответствует.',
    check: 'Ищем квартиры по вашему запросу...',
    badFiltersConfirm: BAD_FILTERS,
    trialInfo: 'Бесплатный доступ к ИИ Поиску на 3 дня, чтобы вы могли оценить сервис.',
  },
  LIRA_SWITCH: { default: 'Что хотите изменить?' },
  LIRA_MAIN: { default: SETTINGS, badFilters: BAD_FILTERS },
  LIRA_ALTERNATIVE: { default: 'Настройте поиск альтернатив' },
  DISLIKE: { default: 'Уточните, что не понравилось?' },
  SUBSCRIPTION_INFO: {
    default: 'Ваша подписка активна',
    expired: 'Ваша подписка истекла',
    trial: 'У вас пробный период: он закончится сам, без списаний',
  },
  ANALYTICS_SETTINGS: { default: 'Измените параметры поиска' },
};
