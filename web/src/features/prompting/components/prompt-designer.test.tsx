import { useState } from 'react';

import { setAccessTokenSource } from '@/lib/auth-token';
import { createMockUser } from '@/testing/data-generators';
import { authDb } from '@/testing/mocks/auth-db';
import { issueSession } from '@/testing/mocks/handlers/auth';
import { FREE_PROMPTS, promptsDb, VISITOR_PROMPTS } from '@/testing/mocks/handlers/prompts';
import { renderApp, screen, waitFor, within } from '@/testing/test-utils';

import { PromptDesigner } from './prompt-designer';

const PROMPT = "Flyer for my mum's 60th birthday, Saturday 14 March at Eko Hotel, Lagos, RSVP 0803 123 4567";

type Calls = { signIn: string[]; upgrade: string[]; opened: string[] };

/** Signs a member in as far as the API client is concerned (the token it sends). */
function signIn(overrides: Parameters<typeof createMockUser>[0] = {}) {
  const user = createMockUser(overrides);
  authDb.users.push(user);
  const session = issueSession(user);
  setAccessTokenSource(() => session.access_token);
  return user;
}

/** The designer as the app holds it; "Test: sign in" stands for the auth dialog's sign-in. */
function Harness({ signedIn, calls }: { signedIn: boolean; calls: Calls }) {
  const [member, setMember] = useState(signedIn);
  return (
    <>
      <button type="button" onClick={() => setMember(true)}>
        Test: sign in
      </button>
      <PromptDesigner
        signedIn={member}
        onSignInNeeded={(mode) => calls.signIn.push(mode)}
        onUpgradeNeeded={() => calls.upgrade.push('upgrade')}
        onOpened={(id) => calls.opened.push(id)}
      />
    </>
  );
}

function renderDesigner({ signedIn = false } = {}) {
  const calls: Calls = { signIn: [], upgrade: [], opened: [] };
  const rendered = renderApp(<Harness signedIn={signedIn} calls={calls} />);
  return { ...rendered, calls, becomeMember: () => rendered.user.click(screen.getByRole('button', { name: 'Test: sign in' })) };
}

async function statusSays(text: string) {
  await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent(text));
}

async function ask(user: ReturnType<typeof renderDesigner>['user'], prompt = PROMPT) {
  const box = screen.getByRole('textbox', { name: 'Describe your design' });
  await user.clear(box);
  await user.click(box);
  await user.paste(prompt);
  await user.click(screen.getByRole('button', { name: 'Design it' }));
}

function cards() {
  return within(screen.getByRole('list', { name: 'Designs for your prompt' })).queryAllByRole('listitem');
}

/** The first card's "Use this design" button. */
async function firstUseButton() {
  const [first] = await screen.findAllByRole('button', { name: /^Use this design: / });
  if (!first) throw new Error('no card to use');
  return first;
}

describe('PromptDesigner', () => {
  test('a prompt shows the drawing state, then four cards, the details understood as chips and an announcement', async () => {
    let release: () => void = () => undefined;
    promptsDb.hold = new Promise((resolve) => (release = resolve));
    const { user } = renderDesigner();
    await ask(user);

    expect(screen.getByRole('status')).toHaveTextContent('Drawing your designs…');
    expect(screen.getByRole('list', { name: 'Designs for your prompt' })).toHaveAttribute('aria-busy', 'true');
    expect(screen.getByRole('button', { name: 'Designing…' })).toBeDisabled();
    release();
    await statusSays('4 designs for your prompt.');
    expect(cards()).toHaveLength(4);
    expect(screen.getByRole('img', { name: 'Birthday Flyer 1, filled with your details' })).toHaveAttribute(
      'src',
      expect.stringMatching(/^http:\/\/localhost(:\d+)?\/api\/v1\/prompts\/previews\/[a0-9]{64}\.webp$/),
    );
    expect(screen.getByRole('list', { name: 'Designs for your prompt' })).toHaveAttribute('aria-busy', 'false');
    expect(within(cards()[0] as HTMLElement).getByText('With your age, date, venue, town and phone')).toBeInTheDocument();
    for (const name of ['Age: 60', 'Date: Saturday 14 March', 'Venue: Eko Hotel', 'Town: Lagos', 'Phone: 0803 123 4567']) {
      expect(screen.getByRole('button', { name })).toBeInTheDocument();
    }
    expect(promptsDb.bodies).toEqual([{ path: '/prompts/designs', body: { prompt: PROMPT } }]);
  });

  test('Enter in the box sends the prompt and a blank box sends nothing', async () => {
    const { user } = renderDesigner();
    expect(screen.getByRole('button', { name: 'Design it' })).toBeDisabled();
    await user.type(screen.getByRole('textbox', { name: 'Describe your design' }), '   {Enter}');
    expect(promptsDb.bodies).toEqual([]);
    await user.type(screen.getByRole('textbox', { name: 'Describe your design' }), 'Church flyer for Sunday{Enter}');
    await screen.findByRole('button', { name: 'Show me four more' });
    expect(promptsDb.bodies).toEqual([{ path: '/prompts/designs', body: { prompt: 'Church flyer for Sunday' } }]);
  });

  test('a chip becomes a labelled input: Escape cancels, Enter saves and the focus returns to the chip', async () => {
    const { user } = renderDesigner();
    await ask(user);
    await user.click(await screen.findByRole('button', { name: 'Venue: Eko Hotel' }));
    const input = screen.getByRole('textbox', { name: 'Venue' });
    expect(input).toHaveFocus();
    await user.type(input, 'Somewhere else{Escape}');
    expect(screen.getByRole('button', { name: 'Venue: Eko Hotel' })).toHaveFocus();

    await user.keyboard('{Enter}');
    await user.clear(screen.getByRole('textbox', { name: 'Venue' }));
    await user.keyboard('Eko Hotel & Suites, Victoria Island{Enter}');
    expect(screen.getByRole('button', { name: 'Venue: Eko Hotel & Suites, Victoria Island' })).toHaveFocus();
    expect(screen.getByText('Your corrections go into the next four and the design you choose.')).toBeInTheDocument();
  });

  test('corrections are sent with "Show me four more" and with the design chosen, which opens', async () => {
    signIn();
    const { user, calls } = renderDesigner({ signedIn: true });
    await ask(user);
    await user.click(await screen.findByRole('button', { name: 'Phone: 0803 123 4567' }));
    await user.clear(screen.getByRole('textbox', { name: 'Phone' }));
    await user.keyboard('0803 765 4321{Enter}');

    let release: () => void = () => undefined;
    promptsDb.hold = new Promise((resolve) => (release = resolve));
    await user.click(screen.getByRole('button', { name: 'Show me four more' }));
    expect(screen.getByRole('status')).toHaveTextContent('Drawing four more designs…');
    release();
    await screen.findByRole('img', { name: 'Birthday Flyer 5, filled with your details' });
    expect(cards()).toHaveLength(4);
    expect(promptsDb.bodies[1]).toEqual({ path: '/regenerate', body: { fields: { phone: '0803 765 4321' } } });
    expect(screen.getByRole('button', { name: 'Phone: 0803 765 4321' })).toBeInTheDocument();

    await user.click(await firstUseButton());
    await waitFor(() => expect(calls.opened).toHaveLength(1));
    expect(promptsDb.bodies[2]).toEqual({ path: '/choose', body: { template_id: 'tpl-5', fields: { phone: '0803 765 4321' } } });
    expect(promptsDb.chosen).toEqual([{ designId: calls.opened[0], templateId: 'tpl-5', fields: { phone: '0803 765 4321' } }]);
  });

  test('a visitor who chooses is asked to sign up, and the design opens once they are signed in', async () => {
    const { user, calls, becomeMember } = renderDesigner();
    await ask(user);
    await user.click(await firstUseButton());

    expect(calls.signIn).toEqual(['signup']);
    expect(screen.getByText('Sign in or create a free account and “Birthday Flyer 1” opens in the editor.')).toBeInTheDocument();
    expect(promptsDb.bodies.filter((entry) => entry.path === '/choose')).toEqual([]);

    signIn();
    await becomeMember();
    await waitFor(() => expect(calls.opened).toHaveLength(1));
    expect(promptsDb.chosen[0]?.templateId).toBe('tpl-1');
  });

  test("a visitor past the day's prompts sees the server's message and a way to sign in", async () => {
    promptsDb.counted.set('visitor', VISITOR_PROMPTS);
    const { user, calls } = renderDesigner();
    await ask(user, 'Church flyer');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('You have tried 3 prompts today: sign in for more.');
    await user.click(within(alert).getByRole('button', { name: 'Sign in' }));
    await user.click(within(alert).getByRole('button', { name: 'Create a free account' }));
    expect(calls.signIn).toEqual(['signin', 'signup']);

    signIn();
    await user.click(screen.getByRole('button', { name: 'Test: sign in' }));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    await ask(user, 'Church flyer');
    await screen.findByRole('button', { name: 'Show me four more' });
  });

  test('a refusal of "Show me four more" shows under the cards, where the person is looking', async () => {
    promptsDb.counted.set('visitor', VISITOR_PROMPTS - 1);
    const { user } = renderDesigner();
    await ask(user, 'Birthday flyer');
    const more = await screen.findByRole('button', { name: 'Show me four more' });
    await user.click(more);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('You have tried 3 prompts today: sign in for more.');
    expect(more.compareDocumentPosition(alert) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(cards()).toHaveLength(4);
  });

  test('a free member past the allowance pays a credit, and without one is offered the upgrade', async () => {
    const member = signIn({ credits: 1 });
    promptsDb.counted.set(member.id, FREE_PROMPTS);
    const { user, calls } = renderDesigner({ signedIn: true });

    await ask(user, 'Birthday flyer');
    await statusSays('4 designs for your prompt. This used 1 credit.');

    await ask(user, 'Birthday flyer');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent("You have used today's 5 free prompts and have no credits: upgrade to Premium for more.");
    await user.click(within(alert).getByRole('button', { name: 'Upgrade to Premium' }));
    expect(calls.upgrade).toHaveLength(1);
  });

  test('a premium template chosen on the free plan opens the upgrade dialog', async () => {
    signIn();
    const { user, calls } = renderDesigner({ signedIn: true });
    await ask(user);
    await user.click(await screen.findByRole('button', { name: 'Use this design: Birthday Flyer 2' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This template is part of Premium.');
    expect(calls.upgrade).toHaveLength(1);
    expect(calls.opened).toEqual([]);
  });

  test('past the last round the cards stay, the button goes and the message says so', async () => {
    signIn({ profile: { ...createMockUser().profile, subscription_status: 'active', subscription_plan: 'premium' } });
    const { user } = renderDesigner({ signedIn: true });
    await ask(user);
    await user.click(await screen.findByRole('button', { name: 'Show me four more' }));
    await screen.findByRole('img', { name: 'Birthday Flyer 5, filled with your details' });
    await user.click(screen.getByRole('button', { name: 'Show me four more' }));
    await screen.findByRole('img', { name: 'Birthday Flyer 9, filled with your details' });
    expect(screen.queryByRole('button', { name: 'Show me four more' })).not.toBeInTheDocument();
  });

  test("a prompt that matches nothing shows the server's message with the designs", async () => {
    const { user } = renderDesigner();
    await ask(user, 'Something for my thing');
    await statusSays('4 designs for your prompt. We could not tell what this is for: here are our most popular designs.');
    expect(cards()).toHaveLength(4);
  });
});
