import { randomBytes } from 'node:crypto';
import { passesLuhn, SALES_MESSAGES } from '@sitelens/contracts';
import type { Database } from '../../db/client';
import { AppError } from '../../errors';
import type { AttachResult, BillingProvider } from './billing-provider';

/**
 * The sandbox processor: payments that look and behave like a real processor's, with no money
 * moved. The test card decides the outcome; only the brand and last four digits are kept.
 */
const TEST_CARD_OUTCOMES: Record<string, 'success' | 'three_d_secure' | 'declined'> = {
  '4000000000003220': 'three_d_secure',
  '4000000000000002': 'declined',
};
const TOKEN_MINUTES = 30;

export function cardBrand(number: string): string {
  if (/^4/.test(number)) return 'Visa';
  if (/^(5[1-5]|2[2-7])/.test(number)) return 'MasterCard';
  if (/^3[47]/.test(number)) return 'American Express';
  if (/^35/.test(number)) return 'JCB';
  if (/^(6011|65|64[4-9])/.test(number)) return 'Discover';
  if (/^3(0[0-5]|[689])/.test(number)) return 'Diners Club';
  return 'Unknown';
}

const newId = (prefix: string) => `${prefix}_${randomBytes(12).toString('base64url')}`;

export interface SandboxCard {
  number: string;
  month: number;
  year: number;
  cvv: string;
  first_name: string;
  last_name: string;
  zip: string;
}

/** `POST /api/billing/sandbox/tokens`: what Recurly.js does in the browser, done by the sandbox. */
export async function createCardToken(
  database: Database,
  userId: string,
  card: SandboxCard,
  now = new Date(),
) {
  if (!passesLuhn(card.number)) throw new AppError('bad_request', SALES_MESSAGES.invalidCardNumber);
  const endOfMonth = new Date(Date.UTC(card.year, card.month, 1));
  if (endOfMonth <= now) throw new AppError('bad_request', SALES_MESSAGES.invalidExpiration);
  const brand = cardBrand(card.number);
  if (brand === 'American Express' ? card.cvv.length !== 4 : card.cvv.length !== 3)
    throw new AppError('bad_request', SALES_MESSAGES.invalidCvv);
  const id = newId('tok');
  await database.query(
    `insert into sandbox_tokens (id, user_id, kind, outcome, card_type, last_four, first_name, last_name, expires_at)
     values ($1, $2, 'card', $3, $4, $5, $6, $7, now() + make_interval(mins => $8))`,
    [
      id,
      userId,
      TEST_CARD_OUTCOMES[card.number] ?? 'success',
      brand,
      card.number.slice(-4),
      card.first_name,
      card.last_name,
      TOKEN_MINUTES,
    ],
  );
  return { id };
}

/** The sandbox's PayPal approval page answers with a billing-agreement token. */
export async function createPaypalToken(database: Database, userId: string) {
  const id = newId('ppl');
  await database.query(
    `insert into sandbox_tokens (id, user_id, kind, outcome, expires_at)
     values ($1, $2, 'paypal', 'success', now() + make_interval(mins => $3))`,
    [id, userId, TOKEN_MINUTES],
  );
  return { id };
}

/** The bank's challenge: approving it yields the result token the create call is repeated with. */
export async function completeThreeDSecure(
  database: Database,
  userId: string,
  actionTokenId: string,
  approve: boolean,
) {
  const [action] = await database.query<{ parent_id: string }>(
    `select parent_id from sandbox_tokens
      where id = $1 and user_id = $2 and kind = 'three_d_secure_action' and used_at is null and expires_at > now()`,
    [actionTokenId, userId],
  );
  if (!action) throw new AppError('not_found', SALES_MESSAGES.tokenUnknown);
  if (!approve) throw new AppError('payment_required', SALES_MESSAGES.threeDSecureFailed);
  const id = newId('3dr');
  await database.query(
    `insert into sandbox_tokens (id, user_id, kind, outcome, parent_id, expires_at)
     values ($1, $2, 'three_d_secure_result', 'success', $3, now() + make_interval(mins => $4))`,
    [id, userId, actionTokenId, TOKEN_MINUTES],
  );
  return { id };
}

export function createSandboxProvider(database: Database): BillingProvider {
  return {
    kind: 'sandbox',

    async attachPaymentMethod({
      userId,
      token,
      paymentMethod,
      threeDSecureResultTokenId,
    }): Promise<AttachResult> {
      return database.transaction(async (query) => {
        const [row] = await query<{
          kind: string;
          outcome: string;
          card_type: string | null;
          last_four: string | null;
        }>(
          `select kind, outcome, card_type, last_four from sandbox_tokens
            where id = $1 and user_id = $2 and used_at is null and expires_at > now() for update`,
          [token, userId],
        );
        const expected =
          paymentMethod === undefined ? row?.kind : paymentMethod === 'paypal' ? 'paypal' : 'card';
        if (!row || (row.kind !== 'card' && row.kind !== 'paypal') || row.kind !== expected)
          return { kind: 'failed', message: SALES_MESSAGES.tokenUnknown };
        if (row.outcome === 'declined') {
          await query('update sandbox_tokens set used_at = now() where id = $1', [token]);
          return { kind: 'failed', message: SALES_MESSAGES.cardDeclined };
        }
        if (row.outcome === 'three_d_secure') {
          if (!threeDSecureResultTokenId) {
            const actionTokenId = newId('3da');
            await query(
              `insert into sandbox_tokens (id, user_id, kind, outcome, parent_id, expires_at)
               values ($1, $2, 'three_d_secure_action', 'three_d_secure', $3, now() + make_interval(mins => $4))`,
              [actionTokenId, userId, token, TOKEN_MINUTES],
            );
            return { kind: 'three_d_secure', tokenId: token, actionTokenId };
          }
          // The result must belong to an action raised for this very card, and counts once.
          const [result] = await query<{ id: string }>(
            `update sandbox_tokens r set used_at = now()
               from sandbox_tokens a
              where r.id = $1 and r.user_id = $2 and r.kind = 'three_d_secure_result' and r.used_at is null
                and r.expires_at > now() and a.id = r.parent_id and a.parent_id = $3
              returning r.id`,
            [threeDSecureResultTokenId, userId, token],
          );
          if (!result) return { kind: 'failed', message: SALES_MESSAGES.threeDSecureFailed };
        }
        await query('update sandbox_tokens set used_at = now() where id = $1', [token]);
        return {
          kind: 'attached',
          method: {
            cardType: row.card_type,
            lastFour: row.last_four,
            paypalBillingAgreementId: row.kind === 'paypal' ? `B-${token.slice(4, 20).toUpperCase()}` : null,
            reference: token,
          },
        };
      });
    },

    async charge({ reference, query = database.query }) {
      // A stored sandbox method keeps its card's outcome: only a declined card fails later charges.
      const [row] = await query<{ outcome: string }>('select outcome from sandbox_tokens where id = $1', [
        reference,
      ]);
      if (!row) return { ok: false, message: SALES_MESSAGES.tokenUnknown };
      if (row.outcome === 'declined') return { ok: false, message: SALES_MESSAGES.cardDeclined };
      return { ok: true, reference: newId('chg') };
    },
  };
}

/** `BILLING_PROVIDER=none`: no processor; every organization gets the configured default plan. */
export function createNoBillingProvider(): BillingProvider {
  const refuse = async () => {
    throw new AppError('not_found', SALES_MESSAGES.billingDisabled);
  };
  return { kind: 'none', attachPaymentMethod: refuse, charge: refuse };
}
