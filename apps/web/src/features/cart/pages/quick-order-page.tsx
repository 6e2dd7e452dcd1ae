import {
  type CartRowsResult,
  MAX_QUICK_ORDER_TEXT,
  quickOrderMessages as m,
  quickOrderInputSchema,
} from '@store/shared';
import { useId, useState } from 'react';
import { Link } from 'react-router-dom';
import { importRows, setLine } from '../api';
import { QuickOrderResults, rowOutcome } from '../components/quick-order-results';

/**
 * Quick order: pasted 'SKU, quantity' lines or a CSV file, added to the cart in one
 * go, then each row's outcome. A file is read here and sent as text, like a paste (the API reads
 * both the same way).
 */
export default function QuickOrderPage() {
  const id = useId();
  const [text, setText] = useState('');
  const [error, setError] = useState<string>();
  const [fileNote, setFileNote] = useState('');
  const [adding, setAdding] = useState(false);
  const [result, setResult] = useState<CartRowsResult>();

  const chooseFile = async (file: File | undefined) => {
    if (!file) return;
    try {
      setText(await file.text());
      setFileNote(m.fileRead(file.name));
      setError(undefined);
    } catch {
      setFileNote(m.fileFailed);
    }
  };

  const submit = async () => {
    const checked = quickOrderInputSchema.safeParse({ text });
    if (!checked.success) {
      setError(checked.error.issues[0]?.message);
      return;
    }
    setError(undefined);
    setAdding(true);
    try {
      setResult(await importRows(checked.data.text));
    } catch (failure) {
      setError(failure instanceof Error && failure.message ? failure.message : m.failed);
    } finally {
      setAdding(false);
    }
  };

  /** 'Use 15': the cart's line for that SKU set to the suggestion. */
  const applySuggestion = async (sku: string, quantity: number) => {
    const line = result?.cart.lines.find((candidate) => candidate.sku.toLowerCase() === sku.toLowerCase());
    if (!line || !result) return;
    try {
      const cart = await setLine(line.partId, quantity);
      setResult({
        cart,
        rows: result.rows.map((row) =>
          row.sku.toLowerCase() === sku.toLowerCase() && row.status === 'added'
            ? { ...row, quantity, message: null, suggestedQuantity: null }
            : row,
        ),
      });
    } catch (failure) {
      setError(failure instanceof Error && failure.message ? failure.message : m.failed);
    }
  };

  return (
    <div className="mx-auto max-w-4xl px-4 py-10 sm:px-6">
      <h1 className="text-3xl font-bold">{m.title}</h1>
      <p className="mt-2 text-base-content/80">{m.intro}</p>
      <form
        className="mt-6 flex flex-col gap-4"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <div>
          <label htmlFor={`${id}-lines`} className="label mb-1 text-sm font-medium text-base-content">
            {m.linesLabel}
          </label>
          <textarea
            id={`${id}-lines`}
            className={`textarea h-48 w-full font-mono ${error ? 'textarea-error' : ''}`}
            placeholder={m.placeholder}
            maxLength={MAX_QUICK_ORDER_TEXT}
            value={text}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-error` : undefined}
            onChange={(event) => setText(event.target.value)}
          />
          {error && (
            <p id={`${id}-error`} role="alert" className="mt-1 text-sm text-error">
              {error}
            </p>
          )}
        </div>
        <div>
          <label htmlFor={`${id}-file`} className="label mb-1 text-sm font-medium text-base-content">
            {m.fileLabel}
          </label>
          <input
            id={`${id}-file`}
            type="file"
            accept=".csv,.txt,.tsv,text/csv,text/plain"
            className="file-input w-full max-w-md"
            onChange={(event) => void chooseFile(event.target.files?.[0])}
          />
          <p role="status" className="mt-1 text-sm text-base-content/75">
            {fileNote}
          </p>
        </div>
        <div className="flex flex-wrap gap-3">
          <button type="submit" className="btn btn-primary" disabled={adding}>
            {adding ? m.adding : m.add}
          </button>
          <Link to="/cart" className="btn btn-ghost">
            {m.toCart}
          </Link>
        </div>
      </form>
      <section aria-live="polite" className="mt-8">
        {result && (
          <>
            <h2 className="text-xl font-bold">{m.results}</h2>
            <p className="mt-1" data-testid="quick-order-summary">
              {m.resultsSummary(
                result.rows.filter((row) => rowOutcome(row) === 'added').length,
                result.rows.filter((row) => rowOutcome(row) === 'error').length,
                result.rows.filter((row) => rowOutcome(row) === 'attention').length,
              )}
            </p>
            <QuickOrderResults
              rows={result.rows}
              onUse={(sku, quantity) => void applySuggestion(sku, quantity)}
            />
            <Link to="/cart" className="btn btn-primary mt-4">
              {m.toCart}
            </Link>
          </>
        )}
      </section>
    </div>
  );
}
