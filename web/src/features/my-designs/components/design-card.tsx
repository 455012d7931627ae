import { useState, type FormEvent, type KeyboardEvent } from 'react';
import { Link } from 'react-router';

import { Button } from '@/components/ui/button';
import { Menu, MenuItem, MenuLink } from '@/components/ui/menu';

import { usePreview, type DesignSummary } from '../api/my-designs';
import { shortDate } from '../lib/dates';
import { startDesignDrag } from '../lib/drag';

import styles from './my-designs.module.css';

type Props = {
  design: DesignSummary;
  openHref: string;
  onRename: (design: DesignSummary, name: string) => Promise<void>;
  onSchedule: (design: DesignSummary) => void;
  onDuplicate: (design: DesignSummary) => void;
  onDelete: (design: DesignSummary) => void;
};

const edited = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit' });

/** A design in the grid: its preview (opens the editor), its name (renamed in place), its day. */
export function DesignCard({ design, openHref, onRename, onSchedule, onDuplicate, onDelete }: Props) {
  const preview = usePreview(design.preview_url);
  const [renaming, setRenaming] = useState(false);

  return (
    <li
      className={styles.card}
      draggable
      data-design-id={design.id}
      onDragStart={(event) => startDesignDrag(event.dataTransfer, design.id)}
    >
      <Link to={openHref} className={styles.thumb} aria-label={`Open ${design.name} in the editor`} draggable={false}>
        {preview.data ? (
          <img src={preview.data} alt="" draggable={false} />
        ) : (
          <span className={styles.thumbEmpty} style={{ aspectRatio: `${design.width} / ${design.height}` }} aria-hidden="true">
            {design.format.replace('_', ' ')}
          </span>
        )}
      </Link>
      <div className={styles.cardBody}>
        {renaming ? (
          <RenameForm design={design} onDone={() => setRenaming(false)} onRename={onRename} />
        ) : (
          <h3 className={styles.cardName} title={design.name}>
            {design.name}
          </h3>
        )}
        <p className={styles.cardMeta}>
          Edited {edited.format(new Date(design.updated_at))}
          {design.scheduled_for ? <> · on {shortDate(design.scheduled_for)}</> : null}
        </p>
        <div className={styles.cardActions}>
          <Button size="sm" variant="secondary" onClick={() => onSchedule(design)} aria-label={`Schedule ${design.name}`}>
            Schedule
          </Button>
          <Menu label={`Actions for ${design.name}`} trigger="More" triggerLabel={`More actions for ${design.name}`} triggerClassName={styles.more}>
            <MenuLink to={openHref}>Open in editor</MenuLink>
            <MenuItem onSelect={() => setRenaming(true)}>Rename</MenuItem>
            <MenuItem onSelect={() => onDuplicate(design)}>Duplicate</MenuItem>
            <MenuItem tone="danger" onSelect={() => onDelete(design)}>
              Delete
            </MenuItem>
          </Menu>
        </div>
      </div>
    </li>
  );
}

function RenameForm({
  design,
  onDone,
  onRename,
}: {
  design: DesignSummary;
  onDone: () => void;
  onRename: (design: DesignSummary, name: string) => Promise<void>;
}) {
  const [name, setName] = useState(design.name);
  const [busy, setBusy] = useState(false);

  async function submit(event?: FormEvent) {
    event?.preventDefault();
    const trimmed = name.trim();
    if (!trimmed || trimmed === design.name) {
      onDone();
      return;
    }
    setBusy(true);
    try {
      await onRename(design, trimmed);
      onDone();
    } catch {
      setBusy(false);
    }
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'Escape') {
      event.preventDefault();
      onDone();
    }
  }

  return (
    <form onSubmit={(event) => void submit(event)} className={styles.renameForm}>
      <input
        className={styles.renameInput}
        aria-label={`New name for ${design.name}`}
        value={name}
        maxLength={120}
        disabled={busy}
        autoFocus
        onChange={(event) => setName(event.target.value)}
        onKeyDown={onKeyDown}
        onBlur={() => void submit()}
      />
    </form>
  );
}
