import { useState, type FormEvent } from 'react';
import { useSWRConfig } from 'swr';

import { Button } from '@/components/ui/button';
import { Pager } from '@/components/ui/pager';
import { TextField } from '@/components/ui/form-field';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/toast-store';
import { formatDateTime } from '@/lib/format';
import type { FooterLink } from '@/types/api';

import { isSettingChangesKey, useSettingChanges } from '../api/get-setting-changes';
import { SETTING_KEYS } from '../lib/parse-settings';

import { useSiteSettings } from './site-settings-provider';

import styles from './site-settings-admin.module.css';

const messageOf = (error: unknown) => (error instanceof Error ? error.message : 'Unknown error');

/** Saves a setting, refreshes the history, and says how it went. */
function useSaveSetting() {
  const { updateSetting } = useSiteSettings();
  const { mutate } = useSWRConfig();
  return async (key: string, value: unknown): Promise<boolean> => {
    try {
      await updateSetting(key, value);
      await mutate(isSettingChangesKey);
      toast.success('Setting saved');
      return true;
    } catch (error) {
      toast.error('Could not save the setting', messageOf(error));
      return false;
    }
  };
}

/**
 * The premium business model switch (spec section 4): toggling sets the opposite of the current
 * value; the cached setting is refreshed on success.
 */
export function PremiumModelSwitch() {
  const { premiumBusinessModelEnabled, togglePremiumModel, isLoading } = useSiteSettings();
  const { mutate } = useSWRConfig();
  const [busy, setBusy] = useState(false);

  const toggle = async () => {
    setBusy(true);
    try {
      await togglePremiumModel();
      await mutate(isSettingChangesKey);
      toast.success(premiumBusinessModelEnabled ? 'Premium business model turned off' : 'Premium business model turned on');
    } catch (error) {
      toast.error('Could not change the premium business model', messageOf(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className={styles.section} aria-labelledby="premium-model">
      <div className={styles.switchRow}>
        <div>
          <h2 id="premium-model">Premium business model</h2>
          <p className={styles.muted}>
            {premiumBusinessModelEnabled
              ? 'On: premium templates need a premium plan, and free users see Upgrade.'
              : 'Off: no premium gating and no Upgrade button.'}
          </p>
        </div>
        <button
          type="button"
          role="switch"
          aria-checked={premiumBusinessModelEnabled}
          aria-labelledby="premium-model"
          className={styles.switch}
          disabled={busy || isLoading}
          onClick={() => void toggle()}
        />
      </div>
    </section>
  );
}

type TextSettingProps = { settingKey: string; label: string; type?: 'url' | 'email'; current: string | null; hint: string };

function TextSetting({ settingKey, label, type = 'url', current, hint }: TextSettingProps) {
  const save = useSaveSetting();
  const [value, setValue] = useState<string | null>(null);
  const shown = value ?? current ?? '';
  const [error, setError] = useState<string | undefined>();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const trimmed = shown.trim();
    if (trimmed !== '' && type === 'url' && !/^https?:\/\/\S+$/.test(trimmed)) {
      setError('Enter an http(s) address');
      return;
    }
    if (trimmed !== '' && type === 'email' && !/^[^\s@]+@[^\s@]+$/.test(trimmed)) {
      setError('Enter an e-mail address');
      return;
    }
    setError(undefined);
    if (await save(settingKey, trimmed === '' ? null : trimmed)) setValue(null);
  };

  return (
    <form className={styles.inline} noValidate onSubmit={(event) => void submit(event)}>
      <TextField label={label} type={type} value={shown} hint={hint} error={error} onChange={(event) => setValue(event.target.value)} />
      <Button type="submit" variant="secondary" aria-label={`Save ${label}`}>
        Save
      </Button>
    </form>
  );
}

function FooterLinksSetting({ current }: { current: FooterLink[] }) {
  const save = useSaveSetting();
  const [links, setLinks] = useState<FooterLink[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const shown = links ?? current;

  const change = (index: number, patch: Partial<FooterLink>) =>
    setLinks(shown.map((link, at) => (at === index ? { ...link, ...patch } : link)));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const cleaned = shown.map((link) => ({ label: link.label.trim(), url: link.url.trim() }));
    if (cleaned.some((link) => link.label === '' || !/^https?:\/\/\S+$/.test(link.url))) {
      setError('Every footer link needs a label and an http(s) address.');
      return;
    }
    setError(null);
    if (await save(SETTING_KEYS.footerLinks, cleaned)) setLinks(null);
  };

  return (
    <form className={styles.form} noValidate onSubmit={(event) => void submit(event)} aria-label="Footer links">
      <h3>Footer links</h3>
      <div className={styles.links}>
        {shown.map((link, index) => (
          <div className={styles.linkRow} key={index}>
            <TextField label={`Link ${index + 1} label`} value={link.label} onChange={(event) => change(index, { label: event.target.value })} />
            <TextField label={`Link ${index + 1} address`} type="url" value={link.url} onChange={(event) => change(index, { url: event.target.value })} />
            <Button variant="ghost" onClick={() => setLinks(shown.filter((_, at) => at !== index))} aria-label={`Remove link ${index + 1}`}>
              Remove
            </Button>
          </div>
        ))}
      </div>
      {error ? (
        <p role="alert" className={styles.muted}>
          {error}
        </p>
      ) : null}
      <div className={styles.buttons}>
        <Button variant="secondary" onClick={() => setLinks([...shown, { label: '', url: '' }])}>
          Add link
        </Button>
        <Button type="submit">Save footer links</Button>
      </div>
    </form>
  );
}

/** The other settings: community and payment-help links, support e-mail, footer links. */
export function OtherSettings() {
  const { communityUrl, paymentHelpUrl, supportEmail, footerLinks, isLoading } = useSiteSettings();
  return (
    <section className={styles.section} aria-labelledby="other-settings">
      <h2 id="other-settings">Links and contact</h2>
      {isLoading ? (
        <Spinner size="sm" label="Loading the settings" />
      ) : (
        <>
          <TextSetting settingKey={SETTING_KEYS.communityUrl} label="Community link" current={communityUrl} hint="The header's Join community link (while empty it opens the creators page)" />
          <TextSetting settingKey={SETTING_KEYS.paymentHelpUrl} label="Payment help link" current={paymentHelpUrl} hint="'Problem with your payment?' in the upgrade dialog" />
          <TextSetting settingKey={SETTING_KEYS.supportEmail} label="Support e-mail" type="email" current={supportEmail} hint="Where users write for help" />
          <FooterLinksSetting current={footerLinks} />
        </>
      )}
    </section>
  );
}

function shortValue(value: unknown): string {
  const text = JSON.stringify(value) ?? 'null';
  return text.length > 120 ? `${text.slice(0, 117)}…` : text;
}

/** Who changed what and when (`GET /api/v1/site-settings/changes`), newest first. */
export function SettingChanges() {
  const [page, setPage] = useState(1);
  const { data, error } = useSettingChanges(page);
  return (
    <section className={styles.section} aria-labelledby="setting-changes">
      <h2 id="setting-changes">Change history</h2>
      {error ? (
        <p className={styles.muted}>The history could not be loaded.</p>
      ) : !data ? (
        <Spinner size="sm" label="Loading the history" />
      ) : data.items.length === 0 ? (
        <p className={styles.muted}>No setting has been changed yet.</p>
      ) : (
        <>
          <div className={styles.tableWrap}>
            <table className={styles.table} aria-label="Setting changes">
              <thead>
                <tr>
                  <th scope="col">When</th>
                  <th scope="col">Who</th>
                  <th scope="col">Setting</th>
                  <th scope="col">From</th>
                  <th scope="col">To</th>
                </tr>
              </thead>
              <tbody>
                {data.items.map((change, index) => (
                  <tr key={`${change.changed_at}-${change.setting_key}-${index}`}>
                    <td>{formatDateTime(change.changed_at)}</td>
                    <td>{change.changed_by_email ?? change.changed_by ?? 'default'}</td>
                    <td className={styles.value}>{change.setting_key}</td>
                    <td className={styles.value}>{shortValue(change.old_value)}</td>
                    <td className={styles.value}>{shortValue(change.new_value)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <Pager
            label="Setting changes pages"
            show="count"
            currentPage={data.current_page}
            totalPages={data.total_pages}
            onPageChange={setPage}
          />
        </>
      )}
    </section>
  );
}
