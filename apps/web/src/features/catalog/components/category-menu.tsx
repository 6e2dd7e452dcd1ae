import { type Category, browseMessages as m } from '@store/shared';
import { useEffect, useId, useRef, useState } from 'react';
import { useNavKit } from '../../../components/nav-kit';
import { api } from '../../../lib/api';

type Tree = { status: 'idle' | 'loading' | 'failed' } | { status: 'loaded'; categories: Category[] };

/**
 * The top bar's 'Categories': a disclosure listing the tree (children indented under their
 * parent), each a link to its page. The tree is read when first opened, not with the page: the
 * bar is on every page, and the store renders it (decision 023). Escape or a click elsewhere
 * closes it.
 */
export function CategoryMenu({ linkClass }: { linkClass: (state: { isActive: boolean }) => string }) {
  const [open, setOpen] = useState(false);
  const [tree, setTree] = useState<Tree>({ status: 'idle' });
  const { NavLink } = useNavKit();
  const listId = useId();
  const root = useRef<HTMLDivElement>(null);

  const load = () => {
    setTree({ status: 'loading' });
    api.categories.list().then(
      (categories) => setTree({ status: 'loaded', categories }),
      () => setTree({ status: 'failed' }),
    );
  };

  useEffect(() => {
    if (!open) return;
    const close = (event: Event) => {
      const outside = event.target instanceof Node && !root.current?.contains(event.target);
      if (event instanceof KeyboardEvent ? event.key === 'Escape' : outside) setOpen(false);
    };
    document.addEventListener('keydown', close);
    document.addEventListener('click', close);
    return () => {
      document.removeEventListener('keydown', close);
      document.removeEventListener('click', close);
    };
  }, [open]);

  return (
    <div ref={root} className="relative">
      <button
        type="button"
        className={linkClass({ isActive: false })}
        aria-expanded={open}
        aria-controls={listId}
        onClick={() => {
          if (!open && tree.status !== 'loaded') load();
          setOpen(!open);
        }}
      >
        {m.categoriesMenu}
      </button>
      <div
        id={listId}
        hidden={!open}
        className="z-30 mt-1 w-64 rounded-box border border-base-300 bg-base-100 p-2 shadow lg:absolute"
      >
        {tree.status === 'loading' && <p className="p-2 text-sm">{m.categoriesLoading}</p>}
        {tree.status === 'failed' && (
          <p role="alert" className="p-2 text-sm text-error">
            {m.categoriesFailed}
          </p>
        )}
        {tree.status === 'loaded' && (
          <ul className="flex flex-col">
            {tree.categories.map((category) => (
              <li key={category.slug} style={{ paddingLeft: `${category.depth}rem` }}>
                <NavLink
                  to={`/c/${encodeURIComponent(category.slug)}`}
                  className={({ isActive }) =>
                    `block rounded px-2 py-1 text-sm hover:bg-base-200 ${isActive ? 'font-semibold' : ''}`
                  }
                >
                  {category.name}
                </NavLink>
              </li>
            ))}
          </ul>
        )}
      </div>
    </div>
  );
}
