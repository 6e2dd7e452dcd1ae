import { type Category, browseMessages as m } from '@store/shared';
import { useEffect, useRef, useState } from 'react';
import { useNavKit } from '../../../components/nav-kit';
import { api } from '../../../lib/api';

type Tree = { status: 'idle' | 'loading' | 'failed' } | { status: 'loaded'; categories: Category[] };

/**
 * The top bar's 'Categories': a disclosure (daisyUI's submenu, a details element) listing the
 * tree, children indented under their parent, each a link to its page. The tree is read when it is
 * first opened, not with the page: the bar is on every page, and the store renders it (decision
 * 023). Escape or a click elsewhere closes it.
 */
export function CategoryMenu() {
  const [open, setOpen] = useState(false);
  const [tree, setTree] = useState<Tree>({ status: 'idle' });
  const { NavLink } = useNavKit();
  const root = useRef<HTMLDetailsElement>(null);

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
    <details
      ref={root}
      open={open}
      onToggle={(event) => {
        const now = event.currentTarget.open;
        setOpen(now);
        if (now && (tree.status === 'idle' || tree.status === 'failed')) load();
      }}
    >
      <summary>{m.categoriesMenu}</summary>
      <ul className="z-40 w-56 rounded-box bg-base-100 p-2 shadow-lg" data-testid="category-menu">
        {tree.status === 'loading' && <li className="p-2 text-sm">{m.categoriesLoading}</li>}
        {tree.status === 'failed' && (
          <li role="alert" className="p-2 text-sm text-error">
            {m.categoriesFailed}
          </li>
        )}
        {tree.status === 'loaded' &&
          tree.categories.map((category) => (
            <li key={category.slug} style={{ paddingLeft: `${category.depth}rem` }}>
              <NavLink
                to={`/c/${encodeURIComponent(category.slug)}`}
                className={({ isActive }) => (isActive ? 'menu-active font-semibold' : '')}
              >
                {category.name}
              </NavLink>
            </li>
          ))}
      </ul>
    </details>
  );
}
