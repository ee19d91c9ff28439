import { Download } from 'lucide-react';
import { toCsv } from '../../../shared/csv';
import { todayIso } from '../../../shared/dates';
import { common } from '../../lib/i18n';
import { Button } from './button';

export interface CsvColumn {
  key: string;
  label: string;
}

/**
 * "Export CSV": downloads the rows the table lists, as CSV (cells that could run as a
 * spreadsheet formula are neutralised). The file name gets today's date in the company's zone.
 */
export function ExportCsvButton({
  filename,
  columns,
  rows,
  label,
}: {
  filename: string;
  columns: CsvColumn[];
  rows: Record<string, unknown>[];
  label?: string;
}) {
  function download() {
    const blob = new Blob([`\ufeff${toCsv(columns, rows)}`], { type: 'text/csv;charset=utf-8' });
    const url = URL.createObjectURL(blob);
    const a = document.createElement('a');
    a.href = url;
    a.download = `${filename}-${todayIso()}.csv`;
    document.body.append(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  }
  return (
    <Button type="button" variant="secondary" onClick={download} disabled={rows.length === 0}>
      <Download aria-hidden="true" />
      {label ?? common.t('action.exportCsv')}
    </Button>
  );
}
