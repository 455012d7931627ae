import { useEffect, useEffectEvent, useId, useState } from 'react';

import { Button } from '@/components/ui/button';
import { ApiError } from '@/lib/api-client';
import { serverReason } from '@/lib/server-reason';

import {
  useChoosePromptDesign,
  useMorePromptDesigns,
  usePromptDesigns,
  type Corrections,
  type PromptDesigns,
  type PromptedDesign,
} from '../api/prompt-designs';

import { PromptBox } from './prompt-box';
import { PromptResults } from './prompt-results';
import styles from './prompting.module.css';

export type PromptDesignerProps = {
  signedIn: boolean;
  /** The server asks the person to sign in (a visitor's prompts are used, or they chose a design). */
  onSignInNeeded: (mode: 'signin' | 'signup') => void;
  /** Out of credits, or a premium template: the upgrade dialog. */
  onUpgradeNeeded: () => void;
  /** The chosen design is saved: open it in the editor. */
  onOpened: (designId: string) => void;
  /** `panel`: the editor's left panel (two narrow columns of cards). */
  layout?: 'page' | 'panel';
};

/**
 * A refusal or failure as the person sees it, with what they can do about it; `at` is where it
 * shows: under the box (a prompt) or under the cards (four more, a choice), where they are looking.
 */
type Problem = { kind: 'sign-in' | 'credits' | 'upgrade' | 'error'; text: string; at: 'box' | 'results' };

function problemOf(error: unknown, at: Problem['at']): Problem {
  const text = serverReason(error, 'Something went wrong: try again.');
  if (error instanceof ApiError) {
    if (error.code === 'sign_in_required') return { kind: 'sign-in', text, at };
    if (error.code === 'insufficient_credits') return { kind: 'credits', text, at };
    if (error.code === 'upgrade_required') return { kind: 'upgrade', text, at };
  }
  return { kind: 'error', text, at };
}

function plural(count: number, one: string, many: string) {
  return `${count} ${count === 1 ? one : many}`;
}

/**
 * Design prompting: a sentence in ("Flyer for my mum's 60th birthday, Saturday 14 March at Eko
 * Hotel…"), four designs with its details in place out. The details understood are chips the
 * person can correct; the corrections go with "Show me four more" and with the design chosen,
 * which opens in the editor. A visitor who chooses is asked to sign in first, and the choice
 * goes on once they have.
 */
export function PromptDesigner({ signedIn, onSignInNeeded, onUpgradeNeeded, onOpened, layout = 'page' }: PromptDesignerProps) {
  const id = useId();
  const [prompt, setPrompt] = useState('');
  const [answer, setAnswer] = useState<PromptDesigns | null>(null);
  const [designs, setDesigns] = useState<PromptedDesign[]>([]);
  const [corrections, setCorrections] = useState<Corrections>({});
  const [problem, setProblem] = useState<Problem | null>(null);
  const [opening, setOpening] = useState<string | null>(null);
  const [waitingFor, setWaitingFor] = useState<PromptedDesign | null>(null);
  const [announcement, setAnnouncement] = useState('');
  // Signing in answers a "sign in for more" message: it goes.
  const [wasSignedIn, setWasSignedIn] = useState(signedIn);
  if (signedIn !== wasSignedIn) {
    setWasSignedIn(signedIn);
    if (signedIn && problem?.kind === 'sign-in') setProblem(null);
  }
  const ask = usePromptDesigns();
  const more = useMorePromptDesigns();
  const choose = useChoosePromptDesign();
  const busy = ask.isMutating ? 'ask' : more.isMutating ? 'more' : null;

  const show = (next: PromptDesigns, fresh: boolean) => {
    setAnswer(next);
    if (next.designs.length > 0 || fresh) setDesigns(next.designs);
    const parts: string[] = [];
    if (next.designs.length > 0) parts.push(`${plural(next.designs.length, 'design', 'designs')} for your prompt.`);
    if (next.message) parts.push(serverReason(new Error(next.message)));
    if (next.credits_spent > 0) parts.push(`This used ${plural(next.credits_spent, 'credit', 'credits')}.`);
    setAnnouncement(parts.join(' '));
  };

  const submit = async () => {
    setProblem(null);
    setAnnouncement('');
    setCorrections({});
    setWaitingFor(null);
    try {
      show(await ask.trigger({ prompt: prompt.trim() }), true);
    } catch (error) {
      setProblem(problemOf(error, 'box'));
    }
  };

  const showMore = async () => {
    if (!answer) return;
    setProblem(null);
    setAnnouncement('');
    try {
      show(await more.trigger({ runId: answer.id, corrections }), false);
    } catch (error) {
      setProblem(problemOf(error, 'results'));
    }
  };

  const open = async (design: PromptedDesign) => {
    if (!answer) return;
    setProblem(null);
    if (!signedIn) {
      setWaitingFor(design);
      onSignInNeeded('signup');
      return;
    }
    setWaitingFor(null);
    setOpening(design.template_id);
    try {
      const saved = await choose.trigger({ runId: answer.id, templateId: design.template_id, corrections });
      onOpened(saved.id);
    } catch (error) {
      const found = problemOf(error, 'results');
      setProblem(found);
      if (found.kind === 'sign-in') {
        onSignInNeeded('signin');
      } else if (found.kind === 'upgrade' || found.kind === 'credits') {
        onUpgradeNeeded();
      }
    } finally {
      setOpening(null);
    }
  };

  // The design a visitor chose opens once they have signed in (or signed up).
  const resume = useEffectEvent((design: PromptedDesign) => void open(design));
  useEffect(() => {
    if (!signedIn || !waitingFor) return;
    const timer = setTimeout(() => resume(waitingFor), 0);
    return () => clearTimeout(timer);
  }, [signedIn, waitingFor]);

  const status = busy === 'ask' ? 'Drawing your designs…' : busy === 'more' ? 'Drawing four more designs…' : announcement;

  return (
    <div className={`${styles.designer} ${layout === 'panel' ? styles.designerPanel : ''}`} aria-busy={busy !== null}>
      <PromptBox value={prompt} onChange={setPrompt} onSubmit={() => void submit()} busy={busy !== null} layout={layout} />
      <p id={`${id}-status`} role="status" className={status ? styles.status : 'visually-hidden'}>
        {status}
      </p>
      {problem && (problem.at === 'box' || !answer) ? (
        <ProblemAlert problem={problem} onSignInNeeded={onSignInNeeded} onUpgradeNeeded={onUpgradeNeeded} />
      ) : null}
      {answer || busy === 'ask' ? (
        <PromptResults
          answer={answer}
          designs={designs}
          corrections={corrections}
          onCorrect={(key, value) => setCorrections((previous) => ({ ...previous, [key]: value }))}
          busy={busy}
          opening={opening}
          onMore={() => void showMore()}
          onUse={(design) => void open(design)}
          layout={layout}
        />
      ) : null}
      {problem && problem.at === 'results' && answer ? (
        <ProblemAlert problem={problem} onSignInNeeded={onSignInNeeded} onUpgradeNeeded={onUpgradeNeeded} />
      ) : null}
      {waitingFor && !signedIn ? (
        <p className={styles.hint}>Sign in or create a free account and “{waitingFor.name}” opens in the editor.</p>
      ) : null}
    </div>
  );
}

type ProblemAlertProps = Pick<PromptDesignerProps, 'onSignInNeeded' | 'onUpgradeNeeded'> & { problem: Problem };

/** The server's refusal as it came, with the way on: sign in, or upgrade. */
function ProblemAlert({ problem, onSignInNeeded, onUpgradeNeeded }: ProblemAlertProps) {
  return (
    <div role="alert" className={styles.problem}>
      <p>{problem.text}</p>
      {problem.kind === 'sign-in' ? (
        <div className={styles.problemActions}>
          <Button size="md" onClick={() => onSignInNeeded('signin')}>
            Sign in
          </Button>
          <Button size="md" variant="secondary" onClick={() => onSignInNeeded('signup')}>
            Create a free account
          </Button>
        </div>
      ) : problem.kind === 'credits' || problem.kind === 'upgrade' ? (
        <div className={styles.problemActions}>
          <Button size="md" onClick={onUpgradeNeeded}>
            Upgrade to Premium
          </Button>
        </div>
      ) : null}
    </div>
  );
}
