/** The five questions of the Blogs page. Plain data, rendered by blogs-page.tsx. */
export interface BlogBlock {
  /** A paragraph of prose, or a short code sample when `code` is true. */
  text: string;
  code?: boolean;
}

export interface BlogPost {
  /** Stable kebab-case id, used as the section's anchor. */
  id: string;
  /** The question, used as the section heading (without any "Q." prefix: the page adds it). */
  question: string;
  blocks: BlogBlock[];
}

export const blogPosts: BlogPost[] = [
  {
    id: 'react-performance',
    question: 'How can you improve the performance of a React application?',
    blocks: [
      {
        text: "Measure before you change anything. Record the slow interaction in the Profiler tab of React DevTools and look at which components rendered, why they rendered and how long each commit took. Pair it with the browser's Performance panel and real-user Core Web Vitals (LCP, INP, CLS), so you fix the bottleneck you actually have rather than the one you suspect.",
      },
      {
        text: "Most slowness comes from rendering too much, too often. Keep state close to the components that use it, so a keystroke in a search box doesn't re-render the whole page, and split large contexts so consumers update only when the value they read changes. Where the Profiler shows an expensive subtree re-rendering with unchanged props, wrap it in memo and stabilise its props with useMemo and useCallback. The React Compiler does this memoization automatically at build time, so in a compiled codebase hand-written memo calls are rarely needed.",
      },
      {
        text: 'Ship less JavaScript. Split the bundle by route with lazy() and Suspense so each page downloads only its own code, and run a bundle analyser such as rollup-plugin-visualizer or source-map-explorer to find heavy dependencies you can replace, trim or load on demand.',
      },
      {
        text: `const Checkout = lazy(() => import("./pages/checkout"));

<Suspense fallback={<Spinner />}>
  <Checkout />
</Suspense>`,
        code: true,
      },
      {
        text: 'Render less at once and fetch smarter. Virtualise long lists with TanStack Virtual or react-window so only the visible rows exist in the DOM. Let a server-state cache such as TanStack Query or SWR deduplicate requests and reuse data instead of showing a spinner on every navigation. useTransition and useDeferredValue keep typing responsive while an expensive update renders in the background.',
      },
      {
        text: 'Finally, mind the assets. Give images explicit width and height to avoid layout shift, serve WebP or AVIF at the size they are displayed using srcset, and lazy-load images below the fold. On a storefront the biggest win is often a lighter hero image, not a cleverer component.',
      },
    ],
  },
  {
    id: 'react-state-management',
    question: 'What are the different ways to manage state in a React application?',
    blocks: [
      {
        text: 'Start by asking what kind of state you have, because each kind wants a different tool. Local UI state, such as whether a menu is open or the value of an input, belongs in useState inside the component that uses it. When updates are related or follow rules, like a cart with add, remove and change-quantity actions, useReducer gathers the transitions into one pure function that is easy to test. When two siblings need the same value, lift the state up to their closest common parent and pass it down as props. And derive what you can: a filtered list or a total price should be computed during render, not stored and kept in sync.',
      },
      {
        text: 'Context solves prop drilling for values that many components need but that change rarely: the theme, the signed-in user, the locale. It is a way to pass a value down, not a state manager in itself, and every consumer re-renders when the value changes, so keep contexts small and focused.',
      },
      {
        text: "Some state belongs in the URL: the current page, search query, filters and sort order. Keeping it in the path or query string makes it shareable, bookmarkable and safe across reloads. Data that lives on a server, such as products, orders and profiles, is a cache of someone else's state. TanStack Query, SWR or RTK Query handle fetching, caching, deduplication, background refetching and invalidation, replacing a lot of hand-written useEffect code and loading flags.",
      },
      {
        text: 'For global client state that changes often, an external store like Zustand, Redux Toolkit or Jotai lets components subscribe to just the slice they read. These libraries connect to React through useSyncExternalStore, which keeps external data consistent during concurrent rendering.',
      },
      {
        text: `const useCart = create<CartState>((set) => ({
  items: [],
  add: (item) => set((s) => ({ items: [...s.items, item] })),
}));

// Re-renders only when the number of items changes
const count = useCart((s) => s.items.length);`,
        code: true,
      },
      {
        text: 'Forms are a category of their own, with validation and dirty or touched fields. React Hook Form, or React 19 form actions with useActionState, handle them without pushing every keystroke into global state.',
      },
    ],
  },
  {
    id: 'prototypal-inheritance',
    question: 'How does prototypical inheritance work?',
    blocks: [
      {
        text: "Every JavaScript object has a hidden internal link, written [[Prototype]], to another object or to null. When you read a property, the engine looks on the object itself first; if it isn't there, it follows the link to the prototype, then to that object's prototype, and so on until it finds the property or reaches null and returns undefined. This chain of links is the prototype chain, and it is how objects share behaviour without copying it.",
      },
      {
        text: `const animal = {
  speak() { return this.name + " makes a sound"; },
};
const dog = Object.create(animal);
dog.name = "Rex";

dog.speak();                           // "Rex makes a sound"
Object.getPrototypeOf(dog) === animal; // true
Object.hasOwn(dog, "speak");           // false, it is inherited`,
        code: true,
      },
      {
        text: "Object.create(proto) makes a new object whose prototype is proto, and Object.getPrototypeOf(obj) reads the link. Object.setPrototypeOf can change it afterwards, but engines optimise poorly for that, and the old __proto__ accessor is a legacy feature. A method found on the prototype still runs with this bound to the object you called it on, which is why dog.speak() sees the dog's name.",
      },
      {
        text: "Reads walk the chain; writes normally don't. Assigning dog.speak = ... creates an own property on dog that shadows the inherited method, while animal and every other object inheriting from it stay untouched (the exceptions are inherited setters and read-only properties). Object.hasOwn tells own properties from inherited ones, whereas the in operator and for...in look along the whole chain.",
      },
      {
        text: 'Constructor functions use the same mechanism. Every ordinary function has a prototype property, and new F() creates an object whose [[Prototype]] is F.prototype, so methods placed there are shared by all instances. The class syntax writes exactly this more cleanly: methods in a class body live on ClassName.prototype, and extends links Child.prototype to Parent.prototype. Classes add real features, such as mandatory new, strict mode, private #fields and super, but there is no separate class-based model underneath. It is prototypes all the way down.',
      },
      {
        text: 'Built-ins work the same way: an array finds map and filter on Array.prototype, which in turn inherits from Object.prototype. That is also why modifying built-in prototypes is a bad idea, since every object in the program sees the change.',
      },
    ],
  },
  {
    id: 'never-set-state-directly',
    question: 'Why should you never set state directly in React?',
    blocks: [
      {
        text: "Setting state directly means mutating it, like this.state.count = 1 in a class or items.push(newItem) on an array from useState, instead of giving React a new value through the setter. It looks as if it should work, and sometimes even appears to, but it breaks React's model in three ways.",
      },
      {
        text: "First, React doesn't know. A render is scheduled by calling the setter; a mutation is invisible, so the screen stays stale until something else happens to re-render it. Second, even when you do call the setter, React decides whether anything changed by comparing the old and new value with Object.is, which for objects and arrays compares references. Mutate an array and pass the same array back, and React sees an identical value and may skip the render. memo, useMemo, effect dependencies and the React Compiler all rely on the same reference checks, so mutation leads to stale components and effects that never fire.",
      },
      {
        text: `// Wrong: same reference, React may bail out
items.push(newItem);
setItems(items);

// Right: a new array and a new object
setItems([...items, newItem]);
setUser({ ...user, name: "Ada" });`,
        code: true,
      },
      {
        text: 'Third, updates are not applied immediately. React queues and batches them, and since React 18 that batching happens everywhere, including timeouts, promises and native event handlers. Inside a handler, count is a snapshot from the render it came from, so calling setCount(count + 1) three times sets the same value three times, and an update computed from a stale value can overwrite a newer one: a lost update. When the next state depends on the previous one, pass an updater function. setCount(c => c + 1) receives the latest pending value, so three calls really add three.',
      },
      {
        text: 'Treating state as immutable pays off beyond correctness: previous values stay intact for undo and debugging, updater functions stay pure when Strict Mode calls them twice, and concurrent rendering can safely pause and restart work. For deeply nested updates, Immer lets you write mutation-style code that produces a fresh immutable object for you.',
      },
    ],
  },
  {
    id: 'unit-tests',
    question: 'What is a unit test, and why should you write unit tests?',
    blocks: [
      {
        text: 'A unit test is a small automated test that checks one unit of behaviour, such as a function, a reducer, a hook or a single component, in isolation from the rest of the system. It runs in milliseconds, needs no network, database or real browser, and gives the same result every time. Because unit tests are cheap, you can have hundreds of them and run them on every save and every pull request. A good one follows arrange-act-assert: set up the inputs, perform one action, check the outcome.',
      },
      {
        text: `import { expect, test } from "vitest";
import { cartTotal } from "./cart";

test("applies a percentage discount to the total", () => {
  const items = [{ price: 40, qty: 2 }, { price: 20, qty: 1 }]; // arrange
  const total = cartTotal(items, { percentOff: 10 });          // act
  expect(total).toBe(90);                                       // assert
});`,
        code: true,
      },
      {
        text: 'Why bother? Regression safety: you can refactor with confidence, and a failure points at the exact unit that broke. Design feedback: code that is hard to test is usually doing too much or hiding its dependencies, so writing tests pushes you toward small functions with explicit inputs. Documentation: tests are executable examples of how a unit is meant to be used, edge cases included, and unlike comments they cannot silently go out of date. And reproducing a bug as a failing test before fixing it keeps it fixed.',
      },
      {
        text: "Not everything deserves a unit test. Skip trivial code with no logic, and don't test third-party libraries or React itself. Avoid testing implementation details such as internal state or which private helper was called: tests coupled to how the code works break on every refactor even when the behaviour is fine. For components, test what the user sees and does, for example with React Testing Library queries by role and text. If a test has to mock everything, it proves very little.",
      },
      {
        text: "Unit tests can't tell you the pieces work together. Integration tests combine several units, such as a page with its real hooks against a mocked API, and end-to-end tests with Playwright or Cypress drive a real browser through critical journeys like sign-in and checkout. Those are slower and more brittle, so keep a broad base of fast unit tests, a solid layer of integration tests and a few end-to-end tests on the paths that matter most. The goal is confidence to ship, not a coverage number.",
      },
    ],
  },
];
