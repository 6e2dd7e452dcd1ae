import { pageMessages, publicPageMessages } from '@store/shared';
import { useRouteError } from 'react-router-dom';
import { ChunkLoadError } from '../../../lib/lazy-route';

/** Shown inside the layout when a route fails to load or render. */
export function RouteError() {
  const error = useRouteError();
  const message = error instanceof ChunkLoadError ? error.message : publicPageMessages.renderFailed;
  return (
    <div role="alert" className="mx-auto flex max-w-xl flex-col items-center px-6 py-24 text-center">
      <h1 className="text-2xl font-bold">{message}</h1>
      <p className="mt-3 text-base-content/70">{pageMessages.reloadHint}</p>
      <button type="button" className="btn btn-primary mt-8" onClick={() => window.location.reload()}>
        {publicPageMessages.reload}
      </button>
    </div>
  );
}
