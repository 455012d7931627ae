import { copyText } from './clipboard';

function setClipboard(writeText: ((text: string) => Promise<void>) | undefined) {
  Object.defineProperty(navigator, 'clipboard', {
    configurable: true,
    value: writeText ? { writeText } : undefined,
  });
}

function setExecCommand(result: boolean | 'throws') {
  const execCommand = jest.fn(() => {
    if (result === 'throws') throw new Error('not allowed');
    return result;
  });
  Object.defineProperty(document, 'execCommand', { configurable: true, value: execCommand });
  return execCommand;
}

afterEach(() => {
  setClipboard(undefined);
  Reflect.deleteProperty(document, 'execCommand');
});

describe('copyText', () => {
  test('uses the Clipboard API when it works', async () => {
    const writeText = jest.fn(() => Promise.resolve());
    setClipboard(writeText);
    const execCommand = setExecCommand(true);

    await expect(copyText('https://designcore.ng/?ref=ABC')).resolves.toBe(true);
    expect(writeText).toHaveBeenCalledWith('https://designcore.ng/?ref=ABC');
    expect(execCommand).not.toHaveBeenCalled();
  });

  test('falls back to a temporary text area when the Clipboard API refuses, and removes it', async () => {
    setClipboard(() => Promise.reject(new Error('denied')));
    let copied: string | undefined;
    const execCommand = setExecCommand(true);
    execCommand.mockImplementation(() => {
      copied = (document.activeElement as HTMLTextAreaElement | null)?.value ?? document.querySelector('textarea')?.value;
      return true;
    });

    await expect(copyText('https://designcore.ng/')).resolves.toBe(true);
    expect(execCommand).toHaveBeenCalledWith('copy');
    expect(copied).toBe('https://designcore.ng/');
    expect(document.querySelector('textarea')).toBeNull();
  });

  test('falls back when there is no Clipboard API at all', async () => {
    setClipboard(undefined);
    setExecCommand(true);

    await expect(copyText('x')).resolves.toBe(true);
  });

  test.each([false, 'throws'] as const)('answers false when the fallback fails too (execCommand %s)', async (result) => {
    setClipboard(() => Promise.reject(new Error('denied')));
    setExecCommand(result);

    await expect(copyText('x')).resolves.toBe(false);
    expect(document.querySelector('textarea')).toBeNull();
  });
});
