import { http, HttpResponse } from 'msw';

import { createJob } from '@/testing/data-generators';
import { apiPath } from '@/testing/mocks/handlers/api-path';
import { server } from '@/testing/mocks/server';
import { renderApp, screen, waitFor } from '@/testing/test-utils';

import { DownloadDialog, downloadName, type DownloadPlan } from './download-dialog';

function setup(plan: DownloadPlan, answer: () => Response | Promise<Response>, pollMs?: number) {
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
    <DownloadDialog open onClose={onClose} designId="d-1" designName="Ọlá's 60th Party" plan={plan} beforeExport={beforeExport} onUpgrade={onUpgrade} saveFile={saveFile} {...(pollMs === undefined ? {} : { pollMs })} />,
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

  describe('a large download answered 202 with a background job', () => {
    const JOB_ID = '3f2b8c1e-0d4a-4c6b-9a57-2b1e6f0c9d11';
    const accepted = () => HttpResponse.json(createJob({ id: JOB_ID }), { status: 202, headers: { Location: `/api/v1/jobs/${JOB_ID}` } });

    /** The job's routes: each status request answers the next of `states` (the last one repeats). */
    function jobRoutes(states: ReturnType<typeof createJob>[]) {
      const seen = { status: 0, cancel: 0, result: 0 };
      server.use(
        http.get(apiPath(`/jobs/${JOB_ID}`), () => {
          const job = states[Math.min(seen.status, states.length - 1)];
          seen.status += 1;
          return HttpResponse.json(job);
        }),
        http.post(apiPath(`/jobs/${JOB_ID}/cancel`), () => {
          seen.cancel += 1;
          return HttpResponse.json(createJob({ id: JOB_ID, state: 'running', progress: 40, cancel_requested: true }));
        }),
        http.get(apiPath(`/jobs/${JOB_ID}/result`), () => {
          seen.result += 1;
          return new HttpResponse(new Uint8Array([0x25, 0x50, 0x44, 0x46]), {
            headers: { 'Content-Type': 'application/pdf', 'Content-Disposition': 'attachment; filename="designcore-party.pdf"' },
          });
        }),
      );
      return seen;
    }

    test('shows the job’s progress, then saves its file when it succeeded', async () => {
      const seen = jobRoutes([
        createJob({ id: JOB_ID, state: 'running', progress: 40, message: 'page 5 of 12' }),
        createJob({
          id: JOB_ID,
          state: 'succeeded',
          progress: 100,
          result_url: `/api/v1/jobs/${JOB_ID}/result`,
          result_filename: 'designcore-party.pdf',
          result_media_type: 'application/pdf',
        }),
      ]);
      const { user, saveFile } = setup({ premium: true, credits: 0 }, accepted, 30);
      await user.click(screen.getByLabelText(/PDF \(print, 300 DPI\)/));
      await user.click(screen.getByRole('button', { name: 'Download' }));

      expect(await screen.findByText('Preparing your file… 40%')).toBeInTheDocument();
      expect(screen.getByRole('progressbar', { name: 'Download progress' })).toHaveAttribute('value', '40');
      await waitFor(() => expect(saveFile).toHaveBeenCalledTimes(1));
      expect(saveFile.mock.calls[0]?.[1]).toBe('ola-s-60th-party.pdf');
      expect(await screen.findByText('Downloaded ola-s-60th-party.pdf')).toBeInTheDocument();
      expect(seen.result).toBe(1);
      expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    });

    test('Cancel asks the server to stop the job and says so once it is cancelled', async () => {
      const seen = jobRoutes([createJob({ id: JOB_ID, state: 'running', progress: 40 })]);
      const { user, saveFile } = setup({ premium: true, credits: 0 }, accepted, 30);
      await user.click(screen.getByRole('button', { name: 'Download' }));
      await user.click(await screen.findByRole('button', { name: 'Cancel' }));

      expect(await screen.findByText('Cancelling…')).toBeInTheDocument();
      expect(seen.cancel).toBe(1);
      jobRoutes([createJob({ id: JOB_ID, state: 'cancelled', progress: 40, cancel_requested: true })]);
      expect(await screen.findByText('Download cancelled')).toBeInTheDocument();
      expect(saveFile).not.toHaveBeenCalled();
    });

    test('a failed job shows its reason and saves nothing', async () => {
      jobRoutes([
        createJob({ id: JOB_ID, state: 'failed', attempts: 3, error: { code: 'renderer_busy', message: 'every renderer is busy; try again in a moment' } }),
      ]);
      const { user, saveFile } = setup({ premium: true, credits: 0 }, accepted, 30);
      await user.click(screen.getByRole('button', { name: 'Download' }));
      expect(await screen.findByRole('alert')).toHaveTextContent('The download failed: every renderer is busy; try again in a moment');
      expect(saveFile).not.toHaveBeenCalled();
    });
  });

  test('file names', () => {
    expect(downloadName('Sunday Service', 'designcore-sunday.jpg', 'jpeg')).toBe('sunday-service.jpg');
    expect(downloadName('Two pages', 'designcore-two.zip', 'png')).toBe('two-pages.zip');
    expect(downloadName('', 'x.pdf', 'pdf')).toBe('design.pdf');
  });
});
