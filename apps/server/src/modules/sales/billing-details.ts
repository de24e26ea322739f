import type { QueryFn } from '../../db/client';
import { AppError } from '../../errors';

/** The account's names and e-mail with its billing details, which may not exist yet. */
export interface BillingDetails {
  email: string;
  f_name: string;
  l_name: string;
  first_name: string | null;
  last_name: string | null;
  company: string | null;
  vat_number: string | null;
  card_type: string | null;
  last_four: string | null;
  paypal_billing_agreement_id: string | null;
}

export async function readBillingDetails(query: QueryFn, userId: string): Promise<BillingDetails> {
  const [row] = await query<BillingDetails>(
    `select u.email, u.f_name, u.l_name, b.first_name, b.last_name, b.company, b.vat_number, b.card_type, b.last_four,
            b.paypal_billing_agreement_id
       from users u left join billing_infos b on b.user_id = u.id where u.id = $1`,
    [userId],
  );
  if (!row) throw new AppError('not_found', 'This user does not exist.');
  return row;
}
