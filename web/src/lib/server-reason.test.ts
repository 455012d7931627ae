import { ApiError } from './api-client';
import { serverReason } from './server-reason';

describe('serverReason', () => {
  test('the server’s message becomes a sentence: capitalised, with a full stop', () => {
    const error = new ApiError({ status: 402, code: 'upgrade_required', message: 'upgrade to premium to customise this template' });

    expect(serverReason(error)).toBe('Upgrade to premium to customise this template.');
  });

  test('a message that already ends a sentence is kept as it is', () => {
    expect(serverReason(new Error('You have 0 credits left!'))).toBe('You have 0 credits left!');
  });

  test('no message, or no error, gives the fallback', () => {
    expect(serverReason(new Error('  '))).toBe('Try again.');
    expect(serverReason('not an error', 'Choose another template.')).toBe('Choose another template.');
  });
});
