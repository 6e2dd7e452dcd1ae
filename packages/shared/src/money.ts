/**
 * Integer cents as the store writes money in its messages: US dollars, en-US grouping
 * ('$25,000.00'). By hand, as the web's formatPrice: no Intl start-up cost in the browser.
 */
export function formatCents(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(Math.round(cents));
  const whole = String(Math.floor(abs / 100)).replace(/\B(?=(\d{3})+$)/g, ',');
  return `${sign}$${whole}.${String(abs % 100).padStart(2, '0')}`;
}
