import { type Order, partPageMessages } from '@store/shared';
import { expect, holdAppCode, signInAs, test } from './fixtures';
import { signIn } from './helpers';

/**
 * The quantity typed on a part's page goes with Purchase: in the purchase
 * page's URL, so a link or a reload keeps it, and it is still checked there.
 */
test.describe('the quantity goes from the part page to the order', () => {
  test('a customer types 1,000 on the part page, and the purchase page, a reload and the order keep it', async ({
    page,
    request,
    customer,
    part,
  }) => {
    await signInAs(page, customer);
    await page.goto(`/parts/${part._id}`);
    // The store's rendered page comes first and the app then draws a signed-in visitor's page
    // over it (decision 023): what is typed on either stays.
    await expect(page.getByTestId('user-name').first()).toHaveText(customer.name);
    await page.getByLabel('Quantity').fill('1000');
    // The fixture's part: £2.50 each with the bulk discount, so 1,000 cost £2,250.00.
    await expect(page.getByTestId('bill-total')).toHaveText('£2,250.00');
    await page.getByRole('link', { name: `Purchase ${part.name}` }).click();

    await expect(page).toHaveURL(`/purchase/${part._id}?quantity=1000`);
    await expect(page.getByLabel('Quantity')).toHaveValue('1000');
    await expect(page.getByTestId('order-total')).toHaveText('£2,250.00');
    await page.reload();
    await expect(page.getByLabel('Quantity')).toHaveValue('1000');

    await page.getByLabel('Phone').fill('+1 555 010 2030');
    await page.getByLabel('Address').fill('12 Harbour Street, Springfield 40001');
    await page.getByRole('button', { name: 'Order', exact: true }).click();
    await expect(page.getByTestId('placed-total')).toHaveText('£2,250.00');
    const orders = (await (
      await request.get(`/api/myorder?email=${encodeURIComponent(customer.email)}`, {
        headers: { authorization: `Bearer ${customer.token}` },
      })
    ).json()) as Order[];
    expect(orders.filter((o) => o.partId === part._id).map((o) => o.productQuantity)).toEqual([1000]);
  });

  test('a quantity typed while the app is still loading stays once the app has taken over', async ({
    page,
    customer,
    part,
  }) => {
    await signInAs(page, customer);
    // The app's code is held back: the page's islands answer meanwhile.
    const app = await holdAppCode(page);
    await page.goto(`/parts/${part._id}`);
    await page.getByLabel('Quantity').fill('1000');
    await expect(page.getByTestId('bill-total')).toHaveText('£2,250.00');
    await app.takeOver();
    await expect(page.getByLabel('Quantity')).toHaveValue('1000');
    await expect(page.getByTestId('bill-total')).toHaveText('£2,250.00');
    await page.getByRole('link', { name: `Purchase ${part.name}` }).click();
    await expect(page).toHaveURL(`/purchase/${part._id}?quantity=1000`);
  });

  test('a visitor signs in on the way, and the purchase page still has their quantity', async ({
    page,
    customer,
    part,
  }) => {
    await page.goto(`/parts/${part._id}`);
    await page.getByLabel('Quantity').fill('40');
    await page.getByRole('link', { name: `Purchase ${part.name}` }).click();
    await expect(page).toHaveURL(/\/login$/);
    await signIn(page, customer.email);
    await expect(page).toHaveURL(`/purchase/${part._id}?quantity=40`);
    await expect(page.getByLabel('Quantity')).toHaveValue('40');
    await expect(page.getByRole('button', { name: 'Order', exact: true })).toBeEnabled();
  });

  test('a quantity outside the range shows as typed and cannot be ordered; one that is not a number starts at the minimum', async ({
    page,
    customer,
    part,
  }) => {
    await signInAs(page, customer);
    const order = page.getByRole('button', { name: 'Order', exact: true });
    // Below the minimum of 10, and above the 2,500 in stock: the customer sees what they asked
    // for beside the range, as if they had typed it here.
    for (const outside of ['5', '2501']) {
      await page.goto(`/purchase/${part._id}?quantity=${outside}`);
      await expect(page.getByLabel('Quantity')).toHaveValue(outside);
      await expect(page.getByTestId('quantity-hint')).toHaveText(
        partPageMessages.quantityRange('10', '2,500'),
      );
      await expect(order).toBeDisabled();
    }
    for (const garbage of ['abc', '12.5', '-20', '']) {
      await page.goto(`/purchase/${part._id}?quantity=${garbage}`);
      await expect(page.getByLabel('Quantity')).toHaveValue(String(part.minOrderQuantity));
      await expect(order).toBeEnabled();
    }
  });
});
