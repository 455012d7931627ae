import { http, HttpResponse } from 'msw';

import { apiPath } from '@/testing/mocks/handlers/api-path';
import { server } from '@/testing/mocks/server';
import { renderApp, screen, waitFor } from '@/testing/test-utils';

import { DownloadDialog, downloadName, type DownloadPlan } from './download-dialog';

function setup(plan: DownloadPlan, answer: () => Response | Promise<Response>) {
  const bodies: unknown[] = [];
  server.use(
    http.post(apiPath('/exports'), async ({ request }) => {
      bodies.push(await request.json());
      return answer();
    }),
  );
  const saveFile = jest.fn();
  const onUpgrade = jest.fn();
  const onClose = jest.fn();
  const beforeExport = jest.fn(async () => undefined);
  const result = renderApp(
    <DownloadDialog open onClose={onClose} designId="d-1" designName="Ọlá's 60th Party" plan={plan} beforeExport={beforeExport} onUpgrade={onUpgrade} saveFile={saveFile} />,
  );
  return { ...result, bodies, saveFile, onUpgrade, onClose, beforeExport };
}

const png = () =>
  new HttpResponse(new Uint8Array([0x89, 0x50, 0x4e, 0x47]), {
    headers: { 'Content-Type': 'image/png', 'Content-Disposition': 'attachment; filename="designcore-x.png"', 'X-Export-Watermark': 'true', 'X-Export-Credits-Spent': '0' },
  });

describe('DownloadDialog', () => {
  test('a free user downloads a PNG with the watermark notice; pending changes are saved first; the file is named after the design', async () => {
    const { user, bodies, saveFile, beforeExport } = setup({ premium: false, credits: 0 }, png);
    expect(screen.getByText('Free downloads carry a designcore mark in the corner and a light pattern over the design.')).toBeInTheDocument();
    expect(screen.queryByLabelText(/Use a credit/)).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Download' }));

    await waitFor(() => expect(saveFile).toHaveBeenCalledTimes(1));
    expect(beforeExport).toHaveBeenCalled();
    expect(bodies).toEqual([{ design_id: 'd-1', format: 'png', pixel_ratio: 1 }]);
    expect(saveFile.mock.calls[0]?.[1]).toBe('ola-s-60th-party.png');
    expect(await screen.findByText('Downloaded ola-s-60th-party.png (with watermark)')).toBeInTheDocument();
  });

  test('a free user with credits may spend one for a file without watermark, at 2×', async () => {
    const { user, bodies } = setup({ premium: false, credits: 3 }, png);
    await user.click(screen.getByLabelText('Use a credit for this download without watermark (3 left)'));
    await user.click(screen.getByLabelText('Large (2×)'));
    await user.click(screen.getByRole('button', { name: 'Download' }));
    await waitFor(() => expect(bodies).toEqual([{ design_id: 'd-1', format: 'png', pixel_ratio: 2, spend_credit: true }]));
  });

  test('PDF and SVG are premium: a free user choosing one is offered the upgrade instead', async () => {
    const { user, bodies, onUpgrade } = setup({ premium: false, credits: 0 }, png);
    await user.click(screen.getByLabelText(/PDF \(print, 300 DPI\)/));
    await user.click(screen.getByRole('button', { name: 'Upgrade to download PDF' }));
    expect(onUpgrade).toHaveBeenCalled();
    expect(bodies).toEqual([]);
  });

  test('a premium user gets PDF at 300 DPI on A4 by default and no watermark notice', async () => {
    const { user, bodies } = setup({ premium: true, credits: 0 }, png);
    expect(screen.queryByText('Free downloads carry a designcore mark in the corner and a light pattern over the design.')).not.toBeInTheDocument();
    expect(screen.queryByRole('group', { name: 'Paper' })).not.toBeInTheDocument();
    await user.click(screen.getByLabelText(/PDF \(print, 300 DPI\)/));
    expect(screen.getByRole('radio', { name: 'A4' })).toBeChecked();
    await user.click(screen.getByRole('button', { name: 'Download' }));
    await waitFor(() => expect(bodies).toEqual([{ design_id: 'd-1', format: 'pdf', dpi: 300, paper: 'a4' }]));
  });

  test('the PDF’s paper is chosen: Letter, or the design’s own size', async () => {
    const { user, bodies } = setup({ premium: true, credits: 0 }, png);
    await user.click(screen.getByLabelText(/PDF \(print, 300 DPI\)/));
    const paper = screen.getByRole('group', { name: 'Paper' });
    expect(['Design size', 'A5', 'A4', 'A3', 'Letter'].map((name) => screen.getByRole('radio', { name }).closest('fieldset'))).toEqual(
      Array(5).fill(paper),
    );
    await user.click(screen.getByRole('radio', { name: 'Letter' }));
    await user.click(screen.getByRole('button', { name: 'Download' }));
    await waitFor(() => expect(bodies).toHaveLength(1));
    await user.click(screen.getByRole('radio', { name: 'Design size' }));
    expect(screen.getByText(/The page is the design’s own size/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Download' }));
    await waitFor(() =>
      expect(bodies).toEqual([
        { design_id: 'd-1', format: 'pdf', dpi: 300, paper: 'letter' },
        { design_id: 'd-1', format: 'pdf', dpi: 300 },
      ]),
    );
  });

  test('the server refusing a premium format opens the upgrade dialog', async () => {
    const { user, onUpgrade, onClose } = setup({ premium: true, credits: 0 }, () =>
      HttpResponse.json({ status: 402, code: 'premium_required', message: 'Premium only' }, { status: 402 }),
    );
    await user.click(screen.getByRole('button', { name: 'Download' }));
    await waitFor(() => expect(onUpgrade).toHaveBeenCalled());
    expect(onClose).toHaveBeenCalled();
  });

  test('other failures are shown', async () => {
    const { user } = setup({ premium: true, credits: 0 }, () => HttpResponse.json({ status: 503, code: 'renderer_busy', message: 'The renderer is busy' }, { status: 503 }));
    await user.click(screen.getByRole('button', { name: 'Download' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The renderer is busy');
  });

  test('file names', () => {
    expect(downloadName('Sunday Service', 'designcore-sunday.jpg', 'jpeg')).toBe('sunday-service.jpg');
    expect(downloadName('Two pages', 'designcore-two.zip', 'png')).toBe('two-pages.zip');
    expect(downloadName('', 'x.pdf', 'pdf')).toBe('design.pdf');
  });
});
