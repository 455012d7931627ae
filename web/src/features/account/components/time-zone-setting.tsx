import { useId, useMemo, useState } from 'react';

import { FormAlert } from '@/components/ui/form-field';
import { toast } from '@/components/ui/toast-store';

import { saveTimeZone } from '../api/get-account';
import { DEFAULT_TIME_ZONE, timeZoneLabel, timeZoneOptions } from '../lib/time-zones';

import styles from './account.module.css';

type Props = {
  /** The saved zone (the profile's `time_zone`). */
  value: string | undefined;
  /** Called once the server has saved a new zone (to fetch the profile again). */
  onSaved: () => Promise<void> | void;
};

/** The calendar's time zone, saved to the profile as soon as it is chosen. */
export function TimeZoneSetting({ value, onSaved }: Props) {
  const id = useId();
  const saved = value ?? DEFAULT_TIME_ZONE;
  const [chosen, setChosen] = useState(saved);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const now = useMemo(() => new Date(), []);
  const options = useMemo(() => timeZoneOptions(saved), [saved]);

  const choose = async (zone: string) => {
    setChosen(zone);
    setBusy(true);
    setError(null);
    try {
      await saveTimeZone(zone);
      await onSaved();
      toast({ title: 'Time zone saved', description: `Your calendar now follows ${timeZoneLabel(zone, now)}.`, variant: 'success' });
    } catch (caught) {
      setChosen(saved);
      setError(caught instanceof Error ? caught.message : String(caught));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className={styles.setting}>
      <label htmlFor={id} className={styles.settingLabel}>
        Time zone
      </label>
      <select id={id} className={styles.settingSelect} value={chosen} disabled={busy} onChange={(event) => void choose(event.target.value)} aria-describedby={`${id}-hint`}>
        {options.map((zone) => (
          <option key={zone} value={zone}>
            {timeZoneLabel(zone, now)}
          </option>
        ))}
      </select>
      <p id={`${id}-hint`} className={styles.settingHint}>
        Today and the weeks on your My Designs calendar follow this zone.
      </p>
      {error ? <FormAlert>{error}</FormAlert> : null}
    </div>
  );
}
