import { http, HttpResponse } from 'msw';

import { apiPath } from '@/testing/mocks/handlers/api-path';
import { server } from '@/testing/mocks/server';
import { screen, within } from '@/testing/test-utils';

import { member, renderLayout } from '../layout/layout-test-utils';

import AiPhotoEditorRoute from './ai-photo-editor';

const CAPABILITIES = {
  operations: [
    { op: 'enhance', available: true, reason: null },
    { op: 'crop', available: true, reason: null },
    { op: 'resize', available: true, reason: null },
    { op: 'rotate', available: true, reason: null },
    { op: 'flip', available: true, reason: null },
    { op: 'background', available: true, reason: null },
    { op: 'remove_background', available: false, reason: 'background removal is turned off on this server' },
  ],
  max_operations: 20,
  max_input_bytes: 20 * 1024 * 1024,
  max_megapixels: 40,
  max_dimension: 10000,
};

beforeEach(() => {
  server.use(http.get(apiPath('/photo-editor'), () => HttpResponse.json(CAPABILITIES)));
});

describe('AI Photo Editor page', () => {
  test('signed out: asks to sign in and opens the auth dialog', async () => {
    const { user } = renderLayout(<AiPhotoEditorRoute />);

    await user.click(await screen.findByRole('button', { name: 'Sign In' }));

    expect(await screen.findByRole('dialog', { name: 'Welcome Back' })).toBeInTheDocument();
  });

  test('a member who is not an admin is told it is not allowed', async () => {
    renderLayout(<AiPhotoEditorRoute />, { as: member() });

    expect(await screen.findByRole('heading', { name: 'Not allowed' })).toBeInTheDocument();
    expect(screen.getByText('The AI Photo Editor is for administrators.')).toBeInTheDocument();
    expect(screen.queryByLabelText('Upload a photo')).not.toBeInTheDocument();
  });

  test('an admin gets the upload and every adjustment, disabled until a photo is there', async () => {
    renderLayout(<AiPhotoEditorRoute />, { as: member({ admin: true }) });

    expect(await screen.findByRole('heading', { name: 'AI Photo Editor' })).toBeInTheDocument();
    expect(screen.getByLabelText('Upload a photo')).toBeInTheDocument();
    const panel = screen.getByRole('complementary', { name: 'Adjustments' });
    for (const name of ['Auto-enhance', 'Square 1:1', 'Story 9:16', 'Add resize', 'Rotate left', 'Flip vertically', 'Fill background']) {
      expect(within(panel).getByRole('button', { name })).toBeDisabled();
    }
    expect(screen.getByText('Upload a photo to start.')).toBeInTheDocument();
  });

  test('background removal shows why it is unavailable', async () => {
    renderLayout(<AiPhotoEditorRoute />, { as: member({ admin: true }) });

    expect(await screen.findByText('Unavailable: background removal is turned off on this server')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Remove background' })).toBeDisabled();
  });

  test('available background removal says it is for plain backgrounds only', async () => {
    const operations = CAPABILITIES.operations.map((step) =>
      step.op === 'remove_background' ? { ...step, available: true, reason: null } : step,
    );
    server.use(http.get(apiPath('/photo-editor'), () => HttpResponse.json({ ...CAPABILITIES, operations })));
    renderLayout(<AiPhotoEditorRoute />, { as: member({ admin: true }) });

    expect(await screen.findByText(/^For a subject on a plain or nearly plain background/)).toHaveTextContent('Busy backgrounds');
    expect(screen.queryByText(/^Unavailable:/)).not.toBeInTheDocument();
  });

  test('says so when the server refuses the capabilities', async () => {
    server.use(
      http.get(apiPath('/photo-editor'), () =>
        HttpResponse.json({ status: 503, code: 'unavailable', message: 'The editor is resting' }, { status: 503 }),
      ),
    );
    renderLayout(<AiPhotoEditorRoute />, { as: member({ admin: true }) });

    expect(await screen.findByText(/Could not load the photo editor: The editor is resting/)).toBeInTheDocument();
  });
});
