/** The cabinet: the profile and personal data (152-FZ), «Скачать мои данные» and «Удалить аккаунт и данные» (paths ours). */
import { endpoint } from '../endpoint';
import {
  accountDeleteRequestSchema,
  accountDeleteResponseSchema,
  cabinetProfileOrNullSchema,
  consentDecideSchema,
  consentDecisionSchema,
  consentListSchema,
  consentPurposeParamsSchema,
  cabinetProfileSchema,
  personalDataSchema,
  personalisationSchema,
  profileUpdateSchema,
} from '../cabinet';

export const cabinetEndpoints = {
  cabinetProfile: endpoint({
    method: 'GET',
    path: '/cabinet/profile',
    access: 'token',
    summary: 'Профиль (null для отозванного токена)',
    response: cabinetProfileOrNullSchema,
  }),
  cabinetProfileUpdate: endpoint({
    method: 'PUT',
    path: '/cabinet/profile',
    access: 'token',
    summary: 'Изменить имя или город',
    body: profileUpdateSchema,
    response: cabinetProfileSchema,
  }),
  personalData: endpoint({
    method: 'GET',
    path: '/cabinet/profile/data',
    access: 'token',
    summary: 'Мои данные: что хранится о человеке, по разделам, без служебных полей (docs/personal-data-export.md)',
    response: personalDataSchema,
  }),
  accountDelete: endpoint({
    method: 'POST',
    path: '/cabinet/profile/delete',
    access: 'token',
    summary: 'Удалить аккаунт и данные: все сеансы завершаются, платежи остаются без личных полей',
    body: accountDeleteRequestSchema,
    response: accountDeleteResponseSchema,
  }),
  consentList: endpoint({
    method: 'GET',
    path: '/cabinet/consents',
    access: 'token',
    summary: 'Согласия на обработку персональных данных: версия текста и последнее решение по каждому',
    response: consentListSchema,
  }),
  consentDecide: endpoint({
    method: 'PUT',
    path: '/cabinet/consents/{purpose}',
    access: 'token',
    summary: 'Дать согласие (на прочитанную версию текста) или отказаться / отозвать его',
    params: consentPurposeParamsSchema,
    body: consentDecideSchema,
    response: consentDecisionSchema,
  }),
  personalisationGet: endpoint({
    method: 'GET',
    path: '/cabinet/personalisation',
    access: 'token',
    summary: 'Персональные рекомендации: включены ли (ТОП, индекс AI, ИИ Поиск по оценкам и настройкам человека)',
    response: personalisationSchema,
  }),
  personalisationSet: endpoint({
    method: 'PUT',
    path: '/cabinet/personalisation',
    access: 'token',
    summary: 'Включить или выключить персональные рекомендации (выключены — ТОП и индекс AI как у анонимного покупателя)',
    body: personalisationSchema,
    response: personalisationSchema,
  }),
};
