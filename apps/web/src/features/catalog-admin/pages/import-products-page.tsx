import { type ImportRowStatus, productImportMessages as m, type ProductImportResult } from '@store/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useId, useRef, useState } from 'react';
import { DownloadButton } from '../../../components/ui/download-button';
import { exportProducts, importProducts } from '../api';

const BADGE: Record<ImportRowStatus, string> = {
  added: 'badge-success',
  updated: 'badge-info',
  unchanged: 'badge-ghost',
  error: 'badge-error',
};

/** What an answer amounts to: rows that change (or would), and rows refused. */
const tally = (result: ProductImportResult) => ({
  changes: result.rows.filter((row) => row.status === 'added' || row.status === 'updated').length,
  errors: result.rows.filter((row) => row.status === 'error').length,
});

/**
 * Import products (admin): the catalog out as CSV, edited in a spreadsheet, and
 * back in by SKU. A dry run first says what each row would do; the import then does it, a bad row
 * refused alone. Rows are listed with their verdicts, refused ones first.
 */
export default function ImportProductsPage() {
  const fileInput = useRef<HTMLInputElement>(null);
  const fileId = useId();
  const [missingFile, setMissingFile] = useState(false);
  const queryClient = useQueryClient();
  const run = useMutation({
    mutationFn: async ({ dryRun }: { dryRun: boolean }) => {
      const file = fileInput.current?.files?.[0];
      if (!file) throw new Error(m.noFile);
      return importProducts(await file.text(), dryRun);
    },
    onSuccess: (result) => {
      if (result.dryRun) return;
      // The catalog's lists, parts and counts are stale now.
      void queryClient.invalidateQueries({ queryKey: ['parts'] });
      void queryClient.invalidateQueries({ queryKey: ['categories'] });
    },
  });

  const submit = (dryRun: boolean) => (event?: FormEvent) => {
    event?.preventDefault();
    const chosen = Boolean(fileInput.current?.files?.length);
    setMissingFile(!chosen);
    if (chosen) run.mutate({ dryRun });
  };

  const result = run.data;
  const rows = result
    ? [...result.rows].sort(
        (a, b) => Number(b.status === 'error') - Number(a.status === 'error') || a.row - b.row,
      )
    : [];
  const counts = result && tally(result);

  return (
    <div>
      <h2 className="text-2xl font-bold">{m.pageTitle}</h2>
      <p className="mt-2 max-w-3xl text-sm text-base-content/70">{m.pageIntro}</p>
      <div className="mt-4">
        <DownloadButton fetchFile={exportProducts} className="btn btn-outline btn-sm">
          {m.exportLink}
        </DownloadButton>
      </div>

      <form className="mt-6 flex max-w-xl flex-col gap-3" onSubmit={submit(true)} noValidate>
        <label htmlFor={fileId} className="font-medium">
          {m.fileLabel}
        </label>
        <input
          id={fileId}
          ref={fileInput}
          type="file"
          accept=".csv,text/csv"
          className="file-input file-input-bordered w-full"
          aria-invalid={missingFile}
          aria-describedby={missingFile ? `${fileId}-error` : undefined}
          onChange={() => {
            setMissingFile(false);
            run.reset();
          }}
          data-testid="import-file"
        />
        {missingFile && (
          <p id={`${fileId}-error`} className="text-sm text-error">
            {m.noFile}
          </p>
        )}
        <div className="flex flex-wrap gap-2">
          <button type="submit" className="btn btn-outline" disabled={run.isPending}>
            {m.dryRun}
          </button>
          <button
            type="button"
            className="btn btn-primary"
            disabled={run.isPending}
            onClick={() => submit(false)()}
          >
            {m.importNow}
          </button>
        </div>
      </form>

      <div aria-live="polite" className="mt-6">
        {run.isPending && (
          <p role="status" className="flex items-center gap-2">
            <span className="loading loading-spinner loading-sm" aria-hidden="true" />
            {run.variables?.dryRun ? m.checking : m.importing}
          </p>
        )}
        {run.isError && (
          <p role="alert" className="alert alert-error alert-soft max-w-xl">
            {run.error.message}
          </p>
        )}
        {result && counts && (
          <p
            role="status"
            className={`alert max-w-xl ${counts.errors ? 'alert-warning' : 'alert-success'} alert-soft`}
          >
            {result.dryRun
              ? m.dryRunDone(counts.changes, counts.errors)
              : m.importDone(counts.changes, counts.errors)}
          </p>
        )}
      </div>

      {result && (
        <div className="mt-4 overflow-x-auto">
          <table className="table table-sm table-stacked" data-testid="import-results">
            <caption className="sr-only">{m.resultsCaption}</caption>
            <thead>
              <tr>
                <th scope="col">{m.columnRow}</th>
                <th scope="col">{m.columnSku}</th>
                <th scope="col">{m.columnStatus}</th>
                <th scope="col">{m.columnMessage}</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.row} data-testid="import-row" data-status={row.status}>
                  <td data-label={m.columnRow}>
                    <span>{row.row}</span>
                  </td>
                  <td className="break-all font-mono" data-label={m.columnSku}>
                    <span>{row.sku}</span>
                  </td>
                  <td data-label={m.columnStatus}>
                    <span className={`badge badge-sm ${BADGE[row.status]}`}>{m.status[row.status]}</span>
                  </td>
                  <td className="sm:min-w-48" data-label={m.columnMessage}>
                    <span>{row.message}</span>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}
