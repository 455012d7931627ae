import { act, render, screen, userEvent, within } from '@/testing/test-utils';

import { DEFAULT_TOAST_DURATION } from './toast-store';
import { toast, Toaster } from './toaster';

describe('Toaster', () => {
  test('shows a toast’s title and description', () => {
    render(<Toaster />);

    act(() => {
      toast({ title: 'Link copied!', description: 'Paste it in Safari or your preferred browser' });
    });

    const shown = within(screen.getByRole('region', { name: 'Notifications' })).getByRole('status');
    expect(shown).toHaveTextContent('Link copied!Paste it in Safari or your preferred browser');
  });

  test('an action button runs its action once and dismisses the toast', async () => {
    const user = userEvent.setup();
    const undo = jest.fn();
    render(<Toaster />);

    act(() => {
      toast({ title: 'Deleted “Flyer”', action: { label: 'Undo', onClick: undo } });
    });
    await user.click(within(screen.getByRole('status')).getByRole('button', { name: 'Undo' }));

    expect(undo).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  test('shows one toast at a time: a new one replaces the one on screen', () => {
    render(<Toaster />);

    act(() => {
      toast.success('Copied!', 'Referral link copied to clipboard');
      toast.error('Payment cancelled.');
    });

    const region = screen.getByRole('region', { name: 'Notifications' });
    expect(within(region).queryByText('Copied!')).not.toBeInTheDocument();
    expect(within(region).getByRole('alert')).toHaveTextContent('Payment cancelled.');
  });

  test('announces errors as alerts and successes as status', () => {
    render(<Toaster />);

    act(() => {
      toast.success('Shared!', 'Referral link shared successfully');
    });
    expect(screen.getByRole('status')).toHaveTextContent('Shared!Referral link shared successfully');
    act(() => {
      toast.error('Failed to copy', 'Please try again');
    });
    expect(screen.getByRole('alert')).toHaveTextContent('Failed to copyPlease try again');
  });

  test('the dismiss button removes it', async () => {
    const user = userEvent.setup();
    render(<Toaster />);
    act(() => {
      toast({ title: 'Hello' });
    });

    await user.click(screen.getByRole('button', { name: 'Dismiss notification' }));

    expect(screen.queryByText('Hello')).not.toBeInTheDocument();
  });

  test('leaves by itself after its duration', () => {
    jest.useFakeTimers();
    try {
      render(<Toaster />);
      act(() => {
        toast({ title: 'Hello' });
      });
      act(() => {
        jest.advanceTimersByTime(DEFAULT_TOAST_DURATION - 1);
      });
      expect(screen.getByText('Hello')).toBeInTheDocument();
      act(() => {
        jest.advanceTimersByTime(1);
      });
      expect(screen.queryByText('Hello')).not.toBeInTheDocument();
    } finally {
      jest.useRealTimers();
    }
  });
});
