import { renderApp, screen } from '@/testing/test-utils';

import { Menu, MenuItem, MenuLink } from './menu';

function renderMenu() {
  const onReport = jest.fn();
  const onSignOut = jest.fn();
  const rendered = renderApp(
    <>
      <Menu label="Account" triggerLabel="Open account menu" trigger="A" header={<p>Ada Obi</p>}>
        <MenuLink to="/account">Account</MenuLink>
        <MenuItem onSelect={onReport}>Report a Problem</MenuItem>
        <MenuItem onSelect={onSignOut}>Sign Out</MenuItem>
      </Menu>
      <button type="button">Elsewhere</button>
    </>,
  );
  return { ...rendered, onReport, onSignOut };
}

const items = () => screen.getAllByRole('menuitem');

describe('Menu', () => {
  test('the trigger is a menu button that is collapsed until opened', async () => {
    const { user } = renderMenu();
    const trigger = screen.getByRole('button', { name: 'Open account menu' });

    expect(trigger).toHaveAttribute('aria-haspopup', 'menu');
    expect(trigger).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    await user.click(trigger);
    expect(trigger).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('menu', { name: 'Account' })).toBeInTheDocument();
    expect(screen.getByText('Ada Obi')).toBeInTheDocument();
  });

  test('Enter opens it on the first item; arrows, Home and End move between items', async () => {
    const { user } = renderMenu();
    screen.getByRole('button', { name: 'Open account menu' }).focus();

    await user.keyboard('{Enter}');
    expect(items()[0]).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(items()[1]).toHaveFocus();
    await user.keyboard('{End}');
    expect(items()[2]).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(items()[0]).toHaveFocus();
    await user.keyboard('{ArrowUp}');
    expect(items()[2]).toHaveFocus();
    await user.keyboard('{Home}');
    expect(items()[0]).toHaveFocus();
  });

  test('ArrowUp on the trigger opens it on the last item; a typed letter jumps to an item', async () => {
    const { user } = renderMenu();
    screen.getByRole('button', { name: 'Open account menu' }).focus();

    await user.keyboard('{ArrowUp}');
    expect(screen.getByRole('menuitem', { name: 'Sign Out' })).toHaveFocus();
    await user.keyboard('r');
    expect(screen.getByRole('menuitem', { name: 'Report a Problem' })).toHaveFocus();
  });

  test('Escape closes it and gives focus back to the trigger', async () => {
    const { user } = renderMenu();
    await user.click(screen.getByRole('button', { name: 'Open account menu' }));

    await user.keyboard('{Escape}');

    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Open account menu' })).toHaveFocus();
  });

  test('choosing an item runs it and closes the menu', async () => {
    const { user, onReport } = renderMenu();
    await user.click(screen.getByRole('button', { name: 'Open account menu' }));

    await user.click(screen.getByRole('menuitem', { name: 'Report a Problem' }));

    expect(onReport).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
  });

  test('Enter on a link item navigates', async () => {
    const { user, router } = renderMenu();
    screen.getByRole('button', { name: 'Open account menu' }).focus();
    await user.keyboard('{Enter}');

    await user.keyboard('{Enter}');

    expect(router.state.location.pathname).toBe('/account');
  });

  test('a click elsewhere closes it', async () => {
    const { user } = renderMenu();
    await user.click(screen.getByRole('button', { name: 'Open account menu' }));

    await user.click(screen.getByRole('button', { name: 'Elsewhere' }));

    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
  });
});
