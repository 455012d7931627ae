import { fireEvent, screen, waitFor, within } from '@testing-library/react';

import { memberDb } from '@/testing/mocks/member-db';

import { AvatarMenu } from '../layout/avatar-menu';
import { member, renderLayout } from '../layout/layout-test-utils';

async function openReportDialog() {
  const owner = member();
  const rendered = renderLayout(<AvatarMenu />, { as: owner, realDialogs: true });
  await rendered.user.click(await screen.findByRole('button', { name: 'Open account menu' }));
  await rendered.user.click(await screen.findByRole('menuitem', { name: 'Report a Problem' }));
  const dialog = await screen.findByRole('dialog', { name: 'Report a Problem' });
  return { ...rendered, dialog, owner };
}

describe('the Report a Problem dialog', () => {
  test('asks what happened; a blank description is refused', async () => {
    const { user, dialog } = await openReportDialog();

    await user.click(within(dialog).getByRole('button', { name: 'Send report' }));

    expect(within(dialog).getByText('Please describe what happened.')).toBeInTheDocument();
    expect(memberDb.reports).toEqual([]);
  });

  test('sends the description with the page address and closes', async () => {
    const { user, dialog, owner } = await openReportDialog();

    await user.type(within(dialog).getByLabelText('What happened?'), 'The download button did nothing');
    await user.click(within(dialog).getByRole('button', { name: 'Send report' }));

    expect(await screen.findByText('Report sent')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(memberDb.reports).toHaveLength(1);
    expect(memberDb.reports[0]).toMatchObject({
      description: 'The download button did nothing',
      page_url: globalThis.location.href,
      screenshot_key: null,
      user_id: owner.id,
    });
  });

  test('uploads an optional screenshot to the user folder of the private bucket first and sends its key', async () => {
    const { user, dialog, owner } = await openReportDialog();
    const shot = new File([new Uint8Array([137, 80, 78, 71, 1, 2, 3])], 'shot.png', { type: 'image/png' });

    await user.type(within(dialog).getByLabelText('What happened?'), 'Broken preview');
    await user.upload(within(dialog).getByLabelText('Screenshot (optional)'), shot);
    await user.click(within(dialog).getByRole('button', { name: 'Send report' }));

    await screen.findByText('Report sent');
    const [path] = [...memberDb.uploads.keys()];
    expect(path).toMatch(new RegExp(`^problem-screenshots/${owner.id}/problem-reports/[0-9a-z]+-shot\\.png$`));
    expect(memberDb.uploads.get(path ?? '')).toBe(7);
    expect(memberDb.reports[0]?.screenshot_key).toBe(path);
  });

  test('a screenshot that is not an image is refused before anything is sent', async () => {
    const { dialog } = await openReportDialog();
    const text = new File(['hello'], 'notes.txt', { type: 'text/plain' });

    // A file picker's "All files" choice gets past `accept`.
    fireEvent.change(within(dialog).getByLabelText('Screenshot (optional)'), { target: { files: [text] } });

    expect(within(dialog).getByRole('alert')).toHaveTextContent('The screenshot must be a PNG, JPEG, WebP or AVIF image.');
  });
});
