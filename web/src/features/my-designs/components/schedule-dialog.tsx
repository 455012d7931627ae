import { useState, type FormEvent } from 'react';

import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { TextField } from '@/components/ui/form-field';

import type { DesignSummary } from '../api/my-designs';

type Props = {
  design: DesignSummary | null;
  /** Today in the user's time zone, the picker's first value for a design without a day. */
  today: string;
  onClose: () => void;
  /** Saves the day (`null` takes the design off the calendar). */
  onSave: (design: DesignSummary, day: string | null) => Promise<void>;
};

/** The keyboard (and phone) way to put a design on the calendar: a date picker. */
export function ScheduleDialog({ design, today, onClose, onSave }: Props) {
  return (
    <Dialog open={design !== null} onClose={onClose} title={design ? `Schedule “${design.name}”` : ''} size="sm">
      {design ? <ScheduleForm key={design.id} design={design} today={today} onClose={onClose} onSave={onSave} /> : null}
    </Dialog>
  );
}

function ScheduleForm({ design, today, onClose, onSave }: Props & { design: DesignSummary }) {
  const [day, setDay] = useState(design.scheduled_for ?? today);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | undefined>(undefined);

  async function save(value: string | null) {
    setBusy(true);
    try {
      await onSave(design, value);
      onClose();
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : String(failure));
      setBusy(false);
    }
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) {
      setError('Choose a day.');
      return;
    }
    void save(day);
  }

  return (
    <form onSubmit={submit} noValidate>
      <TextField label="Day" type="date" value={day} required error={error} onChange={(event) => setDay(event.target.value)} />
      <div style={{ display: 'flex', gap: 8, flexWrap: 'wrap', marginTop: 16 }}>
        <Button type="submit" disabled={busy}>
          Save
        </Button>
        {design.scheduled_for ? (
          <Button variant="secondary" disabled={busy} onClick={() => void save(null)}>
            Remove from calendar
          </Button>
        ) : null}
        <Button variant="ghost" disabled={busy} onClick={onClose}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
