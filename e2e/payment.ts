import type { Page } from 'playwright-core';

/** Fills the payment form's card tab the way a user types it. */
export async function fillCard(page: Page, number: string, options: { terms?: boolean } = {}): Promise<void> {
  const form = page.locator('.payment-form');
  await form.getByLabel('First name').fill('Ada');
  await form.getByLabel('Last name').fill('Lovelace');
  await form.getByLabel('Card number').fill(number);
  await form.getByLabel('Expiration').fill('12/34');
  await form.getByLabel('CVV').fill('123');
  await form.getByLabel('ZIP code').fill('10001');
  if (options.terms !== false) await form.getByText('I agree with the terms of service').click();
}
