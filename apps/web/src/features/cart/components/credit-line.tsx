import { contactUs, cartPageMessages as m, toCents } from '@store/shared';
import { useQuery } from '@tanstack/react-query';
import { ContactText } from '../../../components/ui/contact-text';
import { profileQuery } from '../../../lib/account-queries';
import { formatPrice } from '../../../lib/format';
import { storeSettings } from '../../../lib/store-settings';

/**
 * The customer's credit limit and what their unpaid orders hold of it (GET /api/profile), and a
 * warning when checking out this cart would go above it, before they press the button: the
 * database judges the order all the same (a refusal is said by the checkout form). Until the
 * profile is read, or if it cannot be, nothing is shown: the cart and its checkout still work.
 */
export function CreditLine({ email, cartTotal }: { email: string; cartTotal: number }) {
  const profile = useQuery(profileQuery(email));
  if (!profile.data) return null;
  const { limit, unpaid } = profile.data.credit;
  // In cents, as the placement compares them: no float drift at the limit exactly.
  const limitCents = toCents(limit);
  const cartCents = toCents(cartTotal);
  const afterCents = toCents(unpaid) + cartCents;
  const contact = contactUs(storeSettings().contact);
  const warning =
    cartCents > limitCents
      ? m.cartAloneOverLimit(formatPrice(cartTotal), formatPrice(limit), contact)
      : afterCents > limitCents
        ? m.cartOverLimit(formatPrice(afterCents / 100), formatPrice(limit), contact)
        : undefined;
  return (
    <div className="flex flex-col gap-2 text-sm" aria-live="polite" data-testid="cart-credit">
      <p>{m.creditLimit(formatPrice(limit), formatPrice(unpaid))}</p>
      {warning && (
        <p className="rounded-box border border-warning bg-warning/15 p-3" data-testid="cart-credit-warning">
          <ContactText text={warning} />
        </p>
      )}
    </div>
  );
}
