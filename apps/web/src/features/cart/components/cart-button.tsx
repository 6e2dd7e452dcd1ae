import { cartButtonMessages as m } from '@store/shared';
import { useNavKit } from '../../../components/nav-kit';
import { useCartLineCount } from '../cart-count';

/** The top bar's cart: its number of lines, read out as 'Cart, 3 lines'. */
export function CartButton() {
  const { NavLink } = useNavKit();
  const lines = useCartLineCount();
  return (
    <NavLink to="/cart" className={({ isActive }) => (isActive ? 'menu-active font-semibold' : '')}>
      <span className="sr-only" data-testid="cart-button-name">
        {lines === undefined ? m.cart : m.cartLines(lines)}
      </span>
      <span aria-hidden="true" className="flex items-center gap-1">
        <svg
          width="20"
          height="20"
          viewBox="0 0 24 24"
          aria-hidden="true"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
        >
          <path d="M3 4h2l2.4 11.2a1 1 0 0 0 1 .8h9.2a1 1 0 0 0 1-.8L20 8H6" strokeLinejoin="round" />
          <circle cx="9" cy="20" r="1.5" />
          <circle cx="17" cy="20" r="1.5" />
        </svg>
        {/* Beside the icon from 1280 px; at 1024 px the bar has room for the icon only. */}
        <span className="lg:hidden xl:inline">{m.cart}</span>
        {lines !== undefined && lines > 0 && (
          <span className="badge badge-primary badge-sm" data-testid="cart-count">
            {lines}
          </span>
        )}
      </span>
    </NavLink>
  );
}
