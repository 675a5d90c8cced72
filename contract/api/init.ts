/** Reference data (spec §7 Main API /init). */
import { endpoint } from '../endpoint';
import {
  areaListParamsSchema,
  areaListSchema,
  cityListSchema,
  metroListBodySchema,
  metroListSchema,
  textListSchema,
  textsQuerySchema,
} from '../init';

export const initEndpoints = {
  cityList: endpoint({ method: 'GET', path: '/init/city-list', access: 'anyone', summary: 'Города', response: cityListSchema }),
  areaList: endpoint({
    method: 'GET',
    path: '/init/area-list/{cityIds}',
    access: 'anyone',
    summary: 'Районы городов',
    params: areaListParamsSchema,
    response: areaListSchema,
  }),
  metroList: endpoint({
    method: 'POST',
    path: '/init/metro-list',
    access: 'anyone',
    summary: 'Станции метро городов',
    body: metroListBodySchema,
    response: metroListSchema,
  }),
  texts: endpoint({
    method: 'GET',
    path: '/init/texts',
    access: 'anyone',
    summary: 'Тексты интерфейса',
    query: textsQuerySchema,
    response: textListSchema,
  }),
};
