/**
 * The operator's API (ADMIN_TOKEN): feed imports (server/feeds) and the mortgage programmes it enters, of which
 * buyers read those open today.
 */
import { endpoint } from '../endpoint';
import { feedImportListSchema } from '../admin';
import {
  mortgageDeletedSchema,
  mortgageProgramIdParamsSchema,
  mortgageProgramInputSchema,
  mortgageProgramListSchema,
  mortgageProgramSchema,
} from '../mortgage-schemas';

export const adminEndpoints = {
  adminFeeds: endpoint({
    method: 'GET',
    path: '/admin/feeds',
    access: 'admin',
    summary: 'Последние импорты фидов (для оператора, ADMIN_TOKEN)',
    response: feedImportListSchema,
  }),
  adminMortgagePrograms: endpoint({
    method: 'GET',
    path: '/admin/mortgage-programs',
    access: 'admin',
    summary: 'Ипотечные программы, включая примеры (для оператора, ADMIN_TOKEN)',
    response: mortgageProgramListSchema,
  }),
  adminMortgageProgramCreate: endpoint({
    method: 'POST',
    path: '/admin/mortgage-programs',
    access: 'admin',
    summary: 'Добавить ипотечную программу (для оператора, ADMIN_TOKEN)',
    body: mortgageProgramInputSchema,
    response: mortgageProgramSchema,
  }),
  adminMortgageProgramUpdate: endpoint({
    method: 'PUT',
    path: '/admin/mortgage-programs/{programId}',
    access: 'admin',
    summary: 'Изменить ипотечную программу (для оператора, ADMIN_TOKEN)',
    params: mortgageProgramIdParamsSchema,
    body: mortgageProgramInputSchema,
    response: mortgageProgramSchema,
  }),
  adminMortgageProgramDelete: endpoint({
    method: 'DELETE',
    path: '/admin/mortgage-programs/{programId}',
    access: 'admin',
    summary: 'Удалить ипотечную программу (для оператора, ADMIN_TOKEN)',
    params: mortgageProgramIdParamsSchema,
    response: mortgageDeletedSchema,
  }),
  mortgagePrograms: endpoint({
    method: 'GET',
    path: '/mortgage/programs',
    access: 'anyone',
    summary: 'Ипотечные программы, действующие сегодня (в production — только введённые оператором)',
    response: mortgageProgramListSchema,
  }),
};
