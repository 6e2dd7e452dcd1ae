import {
  accountMessages,
  cartCheckoutMessages,
  invoiceMessages,
  navMessages,
  purchaseMessages,
  toastMessages,
} from '@store/shared';
import { setServerLine } from './cart-parts';
import { expect, signInAs, test } from './fixtures';
import { signIn, signOut } from './helpers';

/**
 * Checkout remembers: the purchase page starts from My Profile's phone and address,
 * else from the customer's last order (the server's answer, not the browser's memory), and a
 * business's company name and VAT number go on the invoices of its orders.
 */
test('checkout starts from the last order, then from My Profile’s defaults; the invoice names the company', async ({
  page,
  customer,
  part,
}) => {
  await signInAs(page, customer);
  const phone = page.getByLabel('Phone', { exact: true });
  const address = page.getByLabel('Address', { exact: true });
  const orderButton = page.getByRole('button', { name: 'Order', exact: true });

  // A first order: nothing to start from.
  await page.goto(`/purchase/${part._id}`);
  await expect(orderButton).toBeEnabled();
  await expect(phone).toHaveValue('');
  await expect(address).toHaveValue('');
  await phone.fill('+1 555 010 7070');
  await address.fill('7 Seventh Avenue, Springfield 40007');
  await orderButton.click();
  await expect(page.getByTestId('order-placed')).toBeVisible();

  // The next one starts from the last order, which the server remembers (the browser keeps none).
  await page.goto(`/purchase/${part._id}`);
  await expect(phone).toHaveValue('+1 555 010 7070');
  await expect(address).toHaveValue('7 Seventh Avenue, Springfield 40007');
  const kept = await page.evaluate(() => JSON.stringify({ ...localStorage, ...sessionStorage }));
  expect(kept).not.toContain('7070');
  // … and the customer can change it.
  await phone.fill('+1 555 010 8080');
  await expect(phone).toHaveValue('+1 555 010 8080');

  // My Profile's defaults, with a company and VAT number, come first.
  await page.goto('/dashboard');
  await page.getByLabel('Default phone').fill('+44 20 7946 0018');
  await page.getByLabel('Default address').fill('4 Dock Road, Portsmouth PO1 3AX');
  await page.getByLabel('Company name (businesses)').fill('Harbour Builds Ltd');
  await page.getByLabel('VAT number (businesses)').fill('x');
  await page.getByRole('button', { name: 'Save details' }).click();
  await expect(page.getByText('Please enter a valid VAT number (2 to 20 letters and digits)')).toBeVisible();
  await page.getByLabel('VAT number (businesses)').fill('GB 123 4567 89');
  await page.getByRole('button', { name: 'Save details' }).click();
  await expect(page.getByText(accountMessages.profileDefaultsSaved)).toBeVisible();
  await page.reload();
  await expect(page.getByLabel('Company name (businesses)')).toHaveValue('Harbour Builds Ltd');

  await page.goto(`/purchase/${part._id}`);
  await expect(phone).toHaveValue('+44 20 7946 0018');
  await expect(address).toHaveValue('4 Dock Road, Portsmouth PO1 3AX');
  await orderButton.click();
  await expect(page.getByText(toastMessages.orderCompleted)).toBeVisible();
  await expect(page.getByTestId('order-placed')).toBeVisible();

  // The on-screen invoice names the buyer's company and VAT number.
  const orderPath = new URL(page.url()).pathname;
  await page.goto(`${orderPath}/invoice`);
  const buyer = page.getByTestId('invoice-buyer');
  await expect(buyer).toContainText('Harbour Builds Ltd');
  await expect(buyer).toContainText(invoiceMessages.taxId('GB 123 4567 89'));
});

/**
 * The cart's checkout keeps what the customer typed (PO reference, an edited address) for the
 * tab's session: a look at the catalog mid-checkout loses none of it. It is forgotten once the
 * order is placed, and at Sign Out; the phone the server remembers is never copied.
 */
test('the cart’s checkout keeps the typed PO and address across a visit to Parts, until placed or signed out', async ({
  page,
  request,
  customer,
  part,
}) => {
  const drafts = () =>
    page.evaluate(() => Object.keys(sessionStorage).filter((key) => key.startsWith('draft:')).length);
  const kept = () => page.evaluate(() => JSON.stringify({ ...localStorage, ...sessionStorage }));
  const phone = page.getByLabel(purchaseMessages.phone, { exact: true });
  const address = page.getByLabel(purchaseMessages.address, { exact: true });
  const po = page.getByLabel(cartCheckoutMessages.poReference);
  const main = page.getByRole('navigation', { name: 'Main' });
  const toParts = async () => {
    await main.getByRole('link', { name: navMessages.parts, exact: true }).click();
    await expect(page).toHaveURL(/\/parts$/);
  };
  const toCart = async () => {
    await main.getByRole('link', { name: /^Cart(, \d+ lines?)?$/ }).click();
    await expect(page).toHaveURL(/\/cart$/);
  };

  // A first order, so checkout starts from its phone and address (the server's memory).
  const first = await request.post('/api/order', {
    headers: { authorization: `Bearer ${customer.token}` },
    data: {
      partId: part._id,
      productQuantity: 10,
      phone: '+1 555 010 6060',
      address: '6 Old Road, Springfield 40006',
    },
  });
  expect(first.status()).toBe(201);
  await setServerLine(request, customer, part._id, 20);
  await signInAs(page, customer);

  await page.goto('/cart');
  await expect(address).toHaveValue('6 Old Road, Springfield 40006');
  await address.fill('9 New Wharf, Springfield 40009');
  await po.fill('PO-DRAFT-77');
  // Kept for this tab as typed, not the browser; the phone the server remembers is not copied.
  await expect.poll(kept).toContain('PO-DRAFT-77');
  expect(await page.evaluate(() => JSON.stringify(localStorage))).not.toContain('PO-DRAFT-77');
  expect(await kept()).not.toContain('6060');

  // To Parts and back, through the menu: the typed address and PO are there, the phone as remembered.
  await toParts();
  await toCart();
  await expect(po).toHaveValue('PO-DRAFT-77');
  await expect(address).toHaveValue('9 New Wharf, Springfield 40009');
  await expect(phone).toHaveValue('+1 555 010 6060');
  // A reload of the tab keeps it too.
  await page.reload();
  await expect(po).toHaveValue('PO-DRAFT-77');
  await expect(address).toHaveValue('9 New Wharf, Springfield 40009');

  // Placed: the order carries them, and the draft is gone.
  await page.getByRole('button', { name: cartCheckoutMessages.placeOrder }).click();
  await expect(page.getByTestId('order-placed')).toBeVisible();
  await expect(page.getByTestId('po-reference')).toHaveText('PO-DRAFT-77');
  expect(await drafts()).toBe(0);
  // A new line put in the cart elsewhere (another tab's, through the API): a load reads it.
  await setServerLine(request, customer, part._id, 10);
  await page.goto('/cart');
  await expect(address).toHaveValue('9 New Wharf, Springfield 40009'); // the last order's, now
  await expect(po).toHaveValue('');

  // Typed again, then Sign Out: forgotten, and not there when the customer signs in again.
  await po.fill('PO-DRAFT-88');
  await expect.poll(drafts).toBe(1);
  await signOut(page);
  expect(await drafts()).toBe(0);
  await signIn(page, customer.email);
  await expect(main.getByRole('button', { name: 'Sign Out' })).toBeVisible();
  await page.goto('/cart');
  await expect(address).toHaveValue('9 New Wharf, Springfield 40009');
  await expect(po).toHaveValue('');
  expect(await kept()).not.toContain('PO-DRAFT-88');
});
