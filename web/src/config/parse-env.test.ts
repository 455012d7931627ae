import { parseEnv } from './parse-env';

describe('parseEnv', () => {
  test('defaults to the same-origin API, auth API and the product name', () => {
    expect(parseEnv({})).toEqual({ API_URL: '/api/v1', AUTH_URL: '/auth/v1', APP_NAME: 'designcore' });
  });

  test('accepts an absolute auth URL and drops trailing slashes', () => {
    expect(parseEnv({ VITE_AUTH_URL: 'https://api.example.ng/auth/v1/' }).AUTH_URL).toBe(
      'https://api.example.ng/auth/v1',
    );
  });

  test('accepts an absolute API URL and drops trailing slashes', () => {
    expect(parseEnv({ VITE_API_URL: 'https://api.example.ng/api/v1/' }).API_URL).toBe(
      'https://api.example.ng/api/v1',
    );
  });

  test('reports every bad variable at once', () => {
    expect(() => parseEnv({ VITE_API_URL: 'api/v1', VITE_AUTH_URL: 'auth', VITE_APP_NAME: '  ' })).toThrow(
      /VITE_API_URL: expected a path starting with "\/".*\n- VITE_AUTH_URL: expected a path.*\n- VITE_APP_NAME: expected a non-blank name/s,
    );
  });
});
