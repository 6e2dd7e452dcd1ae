import { fulfilmentMessages } from '@store/shared';
import { type ReactNode, useState } from 'react';
import { toast } from 'react-toastify';
import type { ApiFile } from '../../lib/api-client';
import { saveFile } from '../../lib/download';

/**
 * A button that downloads a file the API sends only with our token (a PDF, a CSV): a plain
 * link would carry none. Busy while it fetches; a failure is said in a toast.
 */
export function DownloadButton({
  fetchFile,
  children,
  className = 'btn btn-sm',
}: {
  fetchFile: () => Promise<ApiFile>;
  children: ReactNode;
  className?: string;
}) {
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    try {
      saveFile(await fetchFile());
    } catch (error) {
      toast.error(error instanceof Error ? error.message : fulfilmentMessages.downloadFailed);
    } finally {
      setBusy(false);
    }
  };
  return (
    <button type="button" className={className} onClick={download} disabled={busy} aria-busy={busy}>
      {busy && <span className="loading loading-spinner loading-xs" aria-hidden="true" />}
      {children}
    </button>
  );
}
