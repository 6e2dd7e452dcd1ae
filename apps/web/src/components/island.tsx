import { type ComponentType, createContext, type ReactNode, useContext } from 'react';

/**
 * Whether this render is the store's, on the server (ssr/render-page.tsx): islands then write
 * down their props for the browser.
 */
export const ServerRender = createContext(false);

/**
 * The answers a server-rendered page was drawn from, as JSON in an element of this id: the app,
 * when it takes the page over for a signed-in visitor, starts from them (app/server-page-data.ts).
 */
export const PAGE_DATA_ELEMENT_ID = 'page-data';

/** Each island draws itself from the props the server wrote for it (JSON). */
const registry = new Map<string, (props: string) => ReactNode>();

/**
 * Marks a component as an island: the interactive part of a page the store sends rendered
 * (decision 023). On such a page the browser runs no app, only islands.tsx, which brings each
 * island back to life from the props the server wrote beside it. Inside the app an island is just
 * its component, in a wrapper that takes no space.
 */
export function island<P extends object>(name: string, Component: ComponentType<P>): ComponentType<P> {
  // The props come back as the server wrote them, from a `P` (JSON.stringify below).
  registry.set(name, (props) => <Component {...JSON.parse(props)} />);
  function Island(props: P) {
    const onServer = useContext(ServerRender);
    return (
      <div className="contents" data-island={name} data-props={onServer ? JSON.stringify(props) : undefined}>
        <Component {...props} />
      </div>
    );
  }
  Island.displayName = `Island(${name})`;
  return Island;
}

/** The islands by name, each drawn from its props' JSON, for islands.tsx. */
export const islandRenderer = (name: string) => registry.get(name);
