import { http, HttpResponse } from 'msw';

import { apiPath } from '@/testing/mocks/handlers/api-path';
import { server } from '@/testing/mocks/server';

import { getHomeRows, getHomeRowsKey, HOME_ROW_LIMIT } from './get-home-rows';

describe('getHomeRows', () => {
  test('asks for 12 templates per row by default and returns the rows in API order', async () => {
    let limit: string | null = null;
    server.use(
      http.get(apiPath('/templates/home'), ({ request }) => {
        limit = new URL(request.url).searchParams.get('limit');
        return HttpResponse.json({ rows: [{ category: 'Church', slug: 'church', templates: [] }] });
      }),
    );

    const response = await getHomeRows();

    expect(limit).toBe('12');
    expect(response.rows.map((row) => row.category)).toEqual(['Church']);
  });

  test('answers the five home categories from the mock API', async () => {
    const response = await getHomeRows({ limit: 2 });

    expect(response.rows.map((row) => row.category)).toEqual([
      'Church',
      'Birthdays',
      'Business & Industries',
      'Social Media Post',
      'New Month',
    ]);
    expect(response.rows.every((row) => row.templates.length === 2)).toBe(true);
  });
});

describe('getHomeRowsKey', () => {
  test('is stable for equal parameters and includes the limit', () => {
    expect(getHomeRowsKey()).toEqual(getHomeRowsKey({ limit: HOME_ROW_LIMIT }));
    expect(getHomeRowsKey({ limit: 5 })).not.toEqual(getHomeRowsKey());
  });
});
