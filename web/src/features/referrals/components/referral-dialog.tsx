import { useEffect, useRef, useState } from 'react';

import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { TextField } from '@/components/ui/form-field';
import { CheckIcon, CopyIcon, ShareIcon } from '@/components/ui/icons';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/toast-store';
import { env } from '@/config/env';
import { copyText } from '@/lib/clipboard';
import { formatDate } from '@/lib/format';

import { useReferralCode, useReferrals } from '../api/get-referrals';
import { COPY_CONFIRMATION_MS, REFERRAL_REWARD_CREDITS, REFERRAL_TOASTS, referralLink } from '../lib/referral-link';

import styles from './referral-dialog.module.css';

export type ReferralDialogProps = {
  open: boolean;
  onClose: () => void;
  /** The signed-in user (the referral code is theirs). */
  userId: string;
};

/**
 * The Referral Program dialog (spec section 2): the referral link (origin + `?ref={code}`) and
 * code, Copy (the button says so for 2 seconds) and Share (the Web Share API where the browser
 * has it, else a copy of the invitation), with the toasts of section 8; and the user's referrals.
 */
export function ReferralDialog({ open, onClose, userId }: ReferralDialogProps) {
  return (
    <Dialog open={open} onClose={onClose} title="Referral Program">
      <ReferralContent userId={userId} />
    </Dialog>
  );
}

function ReferralContent({ userId }: { userId: string }) {
  const code = useReferralCode(userId);
  const referrals = useReferrals(userId);
  const [copied, setCopied] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(() => () => {
    if (timer.current) clearTimeout(timer.current);
  }, []);

  const link = code.data ? referralLink(code.data) : '';
  const canShare = typeof navigator !== 'undefined' && typeof navigator.share === 'function';

  const copy = async () => {
    if (await copyText(link)) {
      setCopied(true);
      if (timer.current) clearTimeout(timer.current);
      timer.current = setTimeout(() => setCopied(false), COPY_CONFIRMATION_MS);
      toast.success(...REFERRAL_TOASTS.copied);
    } else {
      console.error('Could not copy the referral link');
      toast.error(...REFERRAL_TOASTS.copyFailed);
    }
  };

  const invitation = `Join ${env.APP_NAME} with my link and get ${REFERRAL_REWARD_CREDITS} free credits!`;

  // Share is always there (spec section 2). Where the browser has no share sheet (desktop
  // Linux, Firefox), it copies the invitation with the link, to paste into a chat.
  const share = async () => {
    if (!canShare) {
      if (await copyText(`${invitation} ${link}`)) {
        toast.success(...REFERRAL_TOASTS.copied);
      } else {
        console.error('Could not copy the referral invitation');
        toast.error(...REFERRAL_TOASTS.copyFailed);
      }
      return;
    }
    try {
      await navigator.share({ title: `Join me on ${env.APP_NAME}`, text: invitation, url: link });
      toast.success(...REFERRAL_TOASTS.shared);
    } catch (error) {
      // Closing the share sheet is not a failure.
      if (error instanceof DOMException && error.name === 'AbortError') return;
      console.error('Could not share the referral link', error);
    }
  };

  return (
    <>
      <p className={styles.intro}>
        Invite friends to {env.APP_NAME}: you get {REFERRAL_REWARD_CREDITS} credits for every friend who signs up with your
        link.
      </p>
      {code.error ? (
        <p role="alert" className={styles.muted}>
          Your referral code could not be loaded. Please try again.
        </p>
      ) : !code.data ? (
        <Spinner label="Loading your referral link" />
      ) : (
        <>
          <div className={styles.linkRow}>
            <TextField label="Your referral link" value={link} readOnly onFocus={(event) => event.currentTarget.select()} />
          </div>
          <p className={styles.code}>
            Your code: <strong>{code.data}</strong>
          </p>
          <div className={styles.buttons}>
            <Button variant="secondary" onClick={() => void copy()}>
              {copied ? <CheckIcon size={16} /> : <CopyIcon size={16} />}
              {copied ? 'Copied' : 'Copy'}
            </Button>
            <Button onClick={() => void share()}>
              <ShareIcon size={16} />
              Share
            </Button>
          </div>
        </>
      )}
      <h3 className={styles.listTitle}>Your referrals</h3>
      {referrals.error ? (
        <p className={styles.muted}>Your referrals could not be loaded.</p>
      ) : !referrals.data ? (
        <Spinner size="sm" label="Loading your referrals" />
      ) : referrals.data.length === 0 ? (
        <p className={styles.muted}>No referrals yet. Share your link to earn credits.</p>
      ) : (
        <ul className={styles.list} aria-label="Your referrals">
          {referrals.data.map((referral) => (
            <li key={referral.id} className={styles.item}>
              <span>{formatDate(referral.created_at)}</span>
              <span>{referral.status === 'completed' ? `+${referral.credits_awarded} credits` : referral.status}</span>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
