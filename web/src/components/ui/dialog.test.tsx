import { useRef, useState } from 'react';

import { render, screen, userEvent, within } from '@/testing/test-utils';

import { Dialog } from './dialog';

function Example({ withNested = false }: { withNested?: boolean }) {
  const [open, setOpen] = useState(false);
  const [nested, setNested] = useState(false);
  const nameRef = useRef<HTMLInputElement>(null);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Open
      </button>
      <a href="/elsewhere">Outside link</a>
      <Dialog open={open} onClose={() => setOpen(false)} title="Edit name" description="Change how you appear.">
        <label>
          Name
          <input ref={nameRef} />
        </label>
        <button type="button">Save</button>
        {withNested ? (
          <button type="button" onClick={() => setNested(true)}>
            More
          </button>
        ) : null}
        <Dialog open={nested} onClose={() => setNested(false)} title="More options">
          <button type="button">Inner action</button>
        </Dialog>
      </Dialog>
    </>
  );
}

/** Content that replaces itself when its button is pressed, as the auth dialog's mode switch does. */
function SwitchingContent() {
  const [first, setFirst] = useState(true);
  return first ? (
    <button type="button" onClick={() => setFirst(false)}>
      Sign up instead
    </button>
  ) : (
    <label>
      First name
      <input />
    </label>
  );
}

async function openExample(props: { withNested?: boolean } = {}) {
  const user = userEvent.setup();
  render(<Example {...props} />);
  await user.click(screen.getByRole('button', { name: 'Open' }));
  return { user, dialog: screen.getByRole('dialog', { name: 'Edit name' }) };
}

describe('Dialog', () => {
  test('is a modal dialog named by its title and described by its description', async () => {
    const { dialog } = await openExample();

    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(dialog).toHaveAccessibleDescription('Change how you appear.');
  });

  test('moves focus to the first field on open', async () => {
    await openExample();

    expect(screen.getByRole('textbox', { name: 'Name' })).toHaveFocus();
  });

  test('keeps Tab and Shift+Tab inside the dialog', async () => {
    const { user, dialog } = await openExample();
    const close = within(dialog).getByRole('button', { name: 'Close' });

    await user.tab(); // Save
    await user.tab(); // Close (last)
    expect(close).toHaveFocus();
    await user.tab();
    expect(within(dialog).getByRole('textbox', { name: 'Name' })).toHaveFocus();
    await user.tab({ shift: true });
    expect(close).toHaveFocus();
  });

  test('Escape closes it and focus returns to the button that opened it', async () => {
    const { user } = await openExample();

    await user.keyboard('{Escape}');

    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Open' })).toHaveFocus();
  });

  test('the labelled close button closes it', async () => {
    const { user, dialog } = await openExample();

    await user.click(within(dialog).getByRole('button', { name: 'Close' }));

    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  test('a click on the backdrop closes it; a click inside does not', async () => {
    const { user, dialog } = await openExample();

    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    await user.click(dialog.parentElement as HTMLElement);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  test('locks page scrolling and makes the rest of the page inert while open', async () => {
    const { user } = await openExample();
    const appRoot = screen.getByRole('link', { name: 'Outside link' }).closest('body > div');

    expect(document.documentElement.style.overflow).toBe('hidden');
    expect(appRoot).toHaveAttribute('inert');
    await user.keyboard('{Escape}');
    expect(document.documentElement.style.overflow).toBe('');
    expect(appRoot).not.toHaveAttribute('inert');
  });

  test('with a dialog on top, Escape closes only the top one', async () => {
    const { user, dialog } = await openExample({ withNested: true });

    await user.click(within(dialog).getByRole('button', { name: 'More' }));
    expect(screen.getByRole('button', { name: 'Inner action' })).toHaveFocus();
    await user.keyboard('{Escape}');

    expect(screen.queryByRole('dialog', { name: 'More options' })).not.toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Edit name' })).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'More' })).toHaveFocus();
    expect(document.documentElement.style.overflow).toBe('hidden');
  });

  test('focus never leaves the dialog when the focused content is replaced', async () => {
    const user = userEvent.setup();
    render(
      <>
        <a href="/elsewhere">Outside link</a>
        <Dialog open onClose={() => undefined} title="Welcome back">
          <SwitchingContent />
        </Dialog>
      </>,
    );
    const dialog = screen.getByRole('dialog', { name: 'Welcome back' });
    within(dialog).getByRole('button', { name: 'Sign up instead' }).focus();

    await user.keyboard('{Enter}');

    expect(within(dialog).getByLabelText('First name')).toHaveFocus();
    await user.tab();
    expect(dialog).toContainElement(document.activeElement as HTMLElement);
  });
});
