import { type ComponentType, createContext, useContext } from 'react';

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

const registry = new Map<string, ComponentType<object>>();

/**
 * Marks a component as an island: the interactive part of a page the store sends rendered
 * (decision 023). On such a page the browser runs no app, only islands.tsx, which brings each
 * island back to life from the props the server wrote beside it. Inside the app an island is just
 * its component, in a wrapper that takes no space.
 */
export function island<P extends object>(name: string, Component: ComponentType<P>): ComponentType<P> {
  registry.set(name, Component as ComponentType<object>);
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

/** The islands' components by name, for islands.tsx. */
export const islandComponent = (name: string) => registry.get(name);
