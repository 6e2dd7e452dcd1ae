import type { Plugin } from 'vite';
import { pageMessages } from '../../../packages/shared/src/messages/pages.ts';

/**
 * How long index.html waits for the app to start before it says it did not. A script
 * that fails to load is told at once (below); this is for one that never arrives or never starts,
 * and is long enough for a slow phone connection to bring a healthy one.
 */
export const BOOT_WATCH_MS = 15_000;

const escapeHtml = (text: string) =>
  text.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c] ?? c);

/**
 * index.html shows 'Loading Parts Depot…' until the app draws over it. Should the app's script
 * not load (a network that drops it, a build replaced under an open tab) or fail before it
 * starts, that would spin forever: a classic inline script, which runs whatever happens to the
 * module, says so after a while and offers Reload, as a lazy page that fails to load does
 * (RouteError). The app cancels it as it starts (app/start.tsx). Inline, so it needs no request
 * that could fail too; the store's CSP allows it by its hash (apps/api/src/lib/inline-scripts.ts).
 */
export function bootWatch(): Plugin {
  const failed =
    '<div role="alert" class="mx-auto flex max-w-xl flex-col items-center px-6 py-24 text-center">' +
    `<h1 class="text-2xl font-bold">${escapeHtml(pageMessages.appLoadFailed)}</h1>` +
    `<p class="mt-3 text-base-content/70">${escapeHtml(pageMessages.reloadHint)}</p>` +
    '<button type="button" class="btn btn-primary mt-8">Reload</button></div>';
  // Says so once: when the timer runs out, or at once when a module script fails to load (a
  // resource's error reaches window only while capturing). The app clears window.bootWatch as
  // it starts, after which neither speaks.
  const script =
    `(function(){function fail(){if(window.bootWatch!==t)return;clearTimeout(t);window.bootWatch=undefined;` +
    `var r=document.getElementById("root");r.innerHTML=${JSON.stringify(failed)};` +
    `r.querySelector("button").onclick=function(){location.reload()}}` +
    `var t=window.bootWatch=setTimeout(fail,${BOOT_WATCH_MS});` +
    `addEventListener("error",function(e){var s=e.target;if(s&&s.tagName==="SCRIPT"&&s.type==="module")fail()},true)})();`;
  return {
    name: 'boot-watch',
    transformIndexHtml(html, { path }) {
      if (path !== '/index.html') return html;
      return html.replace('<script type="module"', (module) => `<script>${script}</script>\n    ${module}`);
    },
  };
}
