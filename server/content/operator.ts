import { companyLine } from '@kvarta/contract/legal';
import type { OperatorInfo } from '@kvarta/contract/operator';

/** The environment variables naming who runs the service, in the order a problem report lists them. */
export const OPERATOR_VARIABLES = ['LEGAL_NAME', 'LEGAL_INN', 'LEGAL_OGRN', 'LEGAL_ADDRESS', 'SUPPORT_PHONE', 'SUPPORT_EMAIL'] as const;

const CHECKS: Record<(typeof OPERATOR_VARIABLES)[number], { test: (v: string) => boolean; hint: string }> = {
  LEGAL_NAME: { test: (v) => v.length >= 3 && v.length <= 300, hint: 'полное наименование юрлица или ИП, например ООО «Кварта»' },
  LEGAL_INN: { test: (v) => /^(\d{10}|\d{12})$/.test(v), hint: 'ИНН: 10 цифр (организация) или 12 (ИП)' },
  LEGAL_OGRN: { test: (v) => /^(\d{13}|\d{15})$/.test(v), hint: 'ОГРН: 13 цифр (организация) или ОГРНИП: 15' },
  LEGAL_ADDRESS: { test: (v) => v.length >= 10 && v.length <= 500, hint: 'юридический адрес' },
  SUPPORT_PHONE: { test: (v) => /^\+?[\d\s()-]{7,25}$/.test(v), hint: 'телефон поддержки, например +7 800 000-00-00' },
  SUPPORT_EMAIL: { test: (v) => /^[^\s@<>"]+@[^\s@<>"]+\.[^\s@<>"]+$/.test(v) && v.length <= 200, hint: 'e-mail поддержки' },
};

/** 'значение|подпись;значение|подпись' → the services page's figures; anything malformed is dropped. */
function figuresOf(text: string | undefined): OperatorInfo['figures'] {
  return (text ?? '')
    .split(';')
    .map((part) => part.split('|').map((s) => s.trim()))
    .filter(
      (pair): pair is [string, string] =>
        pair.length === 2 && pair[0]!.length > 0 && pair[0]!.length <= 20 && pair[1]!.length > 0 && pair[1]!.length <= 80,
    )
    .slice(0, 6)
    .map(([value, label]) => ({ value, label }));
}

const valueOf = (env: NodeJS.ProcessEnv, name: (typeof OPERATOR_VARIABLES)[number]) => {
  const v = env[name]?.trim();
  return v && CHECKS[name].test(v) ? v : null;
};

/** Who runs the service, from the environment: a malformed value counts as unset (and production names it). */
export function operatorFromEnv(env: NodeJS.ProcessEnv): OperatorInfo {
  return {
    legalName: valueOf(env, 'LEGAL_NAME'),
    inn: valueOf(env, 'LEGAL_INN'),
    ogrn: valueOf(env, 'LEGAL_OGRN'),
    address: valueOf(env, 'LEGAL_ADDRESS'),
    supportPhone: valueOf(env, 'SUPPORT_PHONE'),
    supportEmail: valueOf(env, 'SUPPORT_EMAIL'),
    figures: figuresOf(env.MARKETING_FIGURES),
  };
}

/**
 * .env.example's sample operator: well-formed, so only this list tells it from a real one (tests/server/operator.test.ts
 * keeps the two equal). The name is left out: «ООО «Кварта»» may well be the real one.
 */
export const SAMPLE_OPERATOR: Partial<Record<(typeof OPERATOR_VARIABLES)[number], string>> = {
  LEGAL_INN: '7701234567',
  LEGAL_OGRN: '1027700123456',
  LEGAL_ADDRESS: '123456, г. Москва, ул. Примерная, д. 1',
  SUPPORT_PHONE: '+7 800 000-00-00',
  SUPPORT_EMAIL: 'help@kvarta.example.ru',
};

/**
 * Each operator variable that is missing, malformed or still .env.example's sample, by name: production takes money
 * (Stars in the Mini App always, cards where CloudPayments is set) and the buyer must see who takes it.
 */
export function operatorProblems(env: NodeJS.ProcessEnv): string[] {
  return OPERATOR_VARIABLES.flatMap((name) => {
    if (valueOf(env, name) === null)
      return [
        `${name}: в production, где принимают оплату (картой или звёздами Telegram), укажите ${CHECKS[name].hint} — покупатель должен видеть, кто продаёт услугу`,
      ];
    if (env[name]?.trim() === SAMPLE_OPERATOR[name])
      return [`${name}: это пример из .env.example, а не данные оператора — укажите ${CHECKS[name].hint}`];
    return [];
  });
}

/** No operator configured: nothing is claimed. */
export const NO_OPERATOR: OperatorInfo = {
  legalName: null,
  inn: null,
  ogrn: null,
  address: null,
  supportPhone: null,
  supportEmail: null,
  figures: [],
};

/** The operator's lines for texts (the bot's /help, receipts): only what is configured. */
export function operatorLines(o: OperatorInfo): string[] {
  const company = companyLine(o);
  const support = [o.supportPhone, o.supportEmail].filter(Boolean).join(', ');
  return [company && `Сервис предоставляет ${company}.`, o.address && `Адрес: ${o.address}.`, support && `Поддержка: ${support}.`].filter(
    (line): line is string => Boolean(line),
  );
}
