/** The instance itself: health, readiness, who runs the service, the page speed its visitors report (into /metrics). */
import { endpoint } from '../endpoint';
import { healthSchema, readySchema } from '../init';
import { operatorInfoSchema } from '../operator';
import { adSlotReportSchema, vitalsAcceptedSchema, vitalsReportSchema } from '../vitals';

export const siteEndpoints = {
  health: endpoint({ method: 'GET', path: '/health', access: 'anyone', summary: 'Состояние сервера', response: healthSchema }),
  ready: endpoint({
    method: 'GET',
    path: '/ready',
    access: 'anyone',
    summary: 'Готов ли экземпляр принимать запросы (база доступна, каталог загружен); 503, пока нет',
    response: readySchema,
  }),
  operatorInfo: endpoint({
    method: 'GET',
    path: '/init/operator',
    access: 'anyone',
    summary: 'Кто предоставляет сервис: юрлицо, ИНН, ОГРН, адрес, поддержка',
    response: operatorInfoSchema,
  }),
  vitalsReport: endpoint({
    method: 'POST',
    path: '/vitals',
    access: 'anyone',
    summary: 'Скорость страницы у покупателя (LCP, INP, CLS, TTFB; navigator.sendBeacon, JSON и в text/plain)',
    body: vitalsReportSchema,
    response: vitalsAcceptedSchema,
  }),
  adSlotReport: endpoint({
    method: 'POST',
    path: '/ads/unmarked',
    access: 'anyone',
    summary: 'Рекламный блок остался пустым: у креатива не было маркировки (erid, рекламодатель; 38-ФЗ ст. 18.1)',
    body: adSlotReportSchema,
    response: vitalsAcceptedSchema,
  }),
};
