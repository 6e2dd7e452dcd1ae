import { uiMessages } from '@store/shared';
import { useCallback, useEffect, useId, useRef, useState } from 'react';

interface Pending {
  message: string;
  confirmLabel: string;
  resolve: (confirmed: boolean) => void;
}

/**
 * An accessible confirmation (a modal <dialog>: focus is trapped, Escape cancels), used as
 * `if (await confirm('Are you sure…?')) …`. Render `dialog` once in the page.
 */
export function useConfirm() {
  const [pending, setPending] = useState<Pending>();
  const ref = useRef<HTMLDialogElement>(null);
  // Unique per dialog: a page with two (Users: its table and the removed users) must not name
  // both dialogs by the first one's message.
  const messageId = useId();

  useEffect(() => {
    if (pending && !ref.current?.open) ref.current?.showModal();
  }, [pending]);

  const confirm = useCallback(
    (message: string, confirmLabel: string = uiMessages.yes) =>
      new Promise<boolean>((resolve) => setPending({ message, confirmLabel, resolve })),
    [],
  );

  const settle = (confirmed: boolean) => {
    pending?.resolve(confirmed);
    setPending(undefined);
    ref.current?.close();
  };

  const dialog = (
    <dialog ref={ref} className="modal" aria-labelledby={messageId} onCancel={() => settle(false)}>
      <div className="modal-box">
        <p id={messageId} className="text-lg font-semibold">
          {pending?.message}
        </p>
        <div className="modal-action">
          <button type="button" className="btn" onClick={() => settle(false)}>
            {uiMessages.no}
          </button>
          <button type="button" className="btn btn-error" onClick={() => settle(true)}>
            {pending?.confirmLabel}
          </button>
        </div>
      </div>
    </dialog>
  );

  return { confirm, dialog };
}
