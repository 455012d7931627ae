import { useEffect, useState } from 'react';
import { useSWRConfig } from 'swr';

import { Button } from '@/components/ui/button';
import { Pager } from '@/components/ui/pager';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/toast-store';
import { formatDateTime } from '@/lib/format';
import type { ProblemReport } from '@/types/api';

import {
  fetchScreenshot,
  isProblemReportKey,
  updateProblemReport,
  useProblemReports,
  type ReportStatus,
} from '../api/problem-reports';

import styles from './problem-reports-list.module.css';

const FILTERS: { label: string; status: ReportStatus | null }[] = [
  { label: 'Open', status: 'open' },
  { label: 'Resolved', status: 'resolved' },
  { label: 'All', status: null },
];

/**
 * A report's screenshot, fetched with the admin's token when asked for (the bucket is private,
 * so a plain link could not open it) and shown in place.
 */
function Screenshot({ report }: { report: ProblemReport }) {
  const [url, setUrl] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);
  useEffect(() => () => (url ? URL.revokeObjectURL(url) : undefined), [url]);
  const show = async () => {
    setLoading(true);
    try {
      setUrl(URL.createObjectURL(await fetchScreenshot(report.id)));
    } catch (caught) {
      toast.error('Could not load the screenshot', caught instanceof Error ? caught.message : 'Unknown error');
    } finally {
      setLoading(false);
    }
  };
  if (url) return <img src={url} alt={`Screenshot of the report from ${report.user_email}`} className={styles.screenshot} />;
  return (
    <Button size="sm" variant="secondary" disabled={loading} onClick={() => void show()}>
      Show screenshot
    </Button>
  );
}

/** The problem reports for administrators, newest first, with Resolve (and Reopen). */
export function ProblemReportsList() {
  const [status, setStatus] = useState<ReportStatus | null>('open');
  const [page, setPage] = useState(1);
  const { data, error } = useProblemReports(page, status);
  const { mutate } = useSWRConfig();
  const [busy, setBusy] = useState<string | null>(null);

  const change = async (report: ProblemReport, next: ReportStatus) => {
    setBusy(report.id);
    try {
      await updateProblemReport(report.id, next);
      await mutate(isProblemReportKey);
      toast.success(next === 'resolved' ? 'Report resolved' : 'Report reopened');
    } catch (caught) {
      toast.error('Could not update the report', caught instanceof Error ? caught.message : 'Unknown error');
    } finally {
      setBusy(null);
    }
  };

  return (
    <section className={styles.section} aria-labelledby="problem-reports">
      <div className={styles.head}>
        <h2 id="problem-reports">Problem reports</h2>
        <div role="group" aria-label="Show reports" className={styles.filters}>
          {FILTERS.map((filter) => (
            <Button
              key={filter.label}
              size="sm"
              variant={filter.status === status ? 'primary' : 'ghost'}
              aria-pressed={filter.status === status}
              onClick={() => {
                setStatus(filter.status);
                setPage(1);
              }}
            >
              {filter.label}
            </Button>
          ))}
        </div>
      </div>
      {error ? (
        <p className={styles.muted}>The reports could not be loaded.</p>
      ) : !data ? (
        <Spinner size="sm" label="Loading the reports" />
      ) : data.items.length === 0 ? (
        <p className={styles.muted}>No reports here.</p>
      ) : (
        <ul className={styles.list} aria-label="Problem reports">
          {data.items.map((report) => (
            <li key={report.id} className={styles.item}>
              <div className={styles.meta}>
                <span>{formatDateTime(report.created_at)}</span>
                <span>{report.user_email}</span>
                <span className={`${styles.status} ${styles[report.status] ?? ''}`}>{report.status}</span>
              </div>
              <p className={styles.description}>{report.description}</p>
              <div className={styles.meta}>
                <a href={report.page_url} target="_blank" rel="noopener noreferrer" className={styles.link}>
                  {report.page_url}
                </a>
                {report.screenshot_url ? <Screenshot report={report} /> : null}
              </div>
              <div>
                {report.status === 'open' ? (
                  <Button size="sm" disabled={busy === report.id} onClick={() => void change(report, 'resolved')}>
                    Resolve
                  </Button>
                ) : (
                  <Button size="sm" variant="secondary" disabled={busy === report.id} onClick={() => void change(report, 'open')}>
                    Reopen
                  </Button>
                )}
              </div>
            </li>
          ))}
        </ul>
      )}
      {data ? (
        <Pager
          label="Problem report pages"
          show="count"
          currentPage={data.current_page}
          totalPages={data.total_pages}
          onPageChange={setPage}
        />
      ) : null}
    </section>
  );
}
