import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local server that answers the Recurly API v3 calls the product makes, as Recurly documents
 * them: Basic auth with the API key, the versioned Accept header, 404 for an unknown account, 422
 * with `transaction_error` for a declined card or a 3-D Secure action. Test tokens decide outcomes:
 * `tok-ok`, `tok-3ds` (needs the result token `res-ok`), `tok-declined`.
 */
export interface FakeRecurly {
  url: string;
  apiKey: string;
  accounts: Map<string, { email?: string; card?: { card_type: string; last_four: string } }>;
  purchases: { account: string; currency: string; unit_amount: number; description: string }[];
  invoices: Map<string, { id: string; number: string; state: string }>;
  close(): Promise<void>;
}

async function readJson(request: IncomingMessage): Promise<Record<string, unknown>> {
  let text = '';
  for await (const chunk of request) text += chunk;
  return text ? JSON.parse(text) : {};
}

export async function startFakeRecurly(apiKey = 'test-recurly-key'): Promise<FakeRecurly> {
  const accounts: FakeRecurly['accounts'] = new Map();
  const purchases: FakeRecurly['purchases'] = [];
  const invoices: FakeRecurly['invoices'] = new Map();

  const tokenOutcome = (info: { token_id?: string; three_d_secure_action_result_token_id?: string }) => {
    if (info.token_id === 'tok-ok') return { card: { card_type: 'Visa', last_four: '1111' } };
    if (info.token_id === 'tok-3ds')
      return info.three_d_secure_action_result_token_id === 'res-ok'
        ? { card: { card_type: 'Visa', last_four: '3220' } }
        : {
            error: {
              type: 'transaction',
              message: 'Your card must be authenticated with 3D Secure before continuing.',
              transaction_error: {
                error_code: 'three_d_secure_action_required',
                message: 'Your card must be authenticated with 3D Secure before continuing.',
                three_d_secure_action_token_id: 'act-3ds',
              },
            },
          };
    return {
      error: {
        type: 'transaction',
        message: 'Your card was declined.',
        transaction_error: { error_code: 'declined', message: 'Your card was declined.' },
      },
    };
  };

  const server: Server = createServer(async (request, response) => {
    const send = (status: number, body: unknown) => {
      response.writeHead(status, { 'content-type': 'application/vnd.recurly.v2021-02-25+json' });
      response.end(JSON.stringify(body));
    };
    const expected = `Basic ${Buffer.from(`${apiKey}:`).toString('base64')}`;
    if (request.headers.authorization !== expected)
      return send(401, { error: { type: 'unauthorized', message: 'Invalid API key' } });
    if (!request.headers.accept?.startsWith('application/vnd.recurly.v2021-02-25'))
      return send(406, { error: { type: 'invalid_api_version', message: 'Unknown API version' } });
    const url = new URL(request.url ?? '/', 'http://recurly.test');
    const body = await readJson(request);

    const billing = url.pathname.match(/^\/accounts\/code-([^/]+)\/billing_info$/);
    if (request.method === 'PUT' && billing) {
      const account = accounts.get(decodeURIComponent(billing[1]!));
      if (!account) return send(404, { error: { type: 'not_found', message: "Couldn't find Account" } });
      const outcome = tokenOutcome(body);
      if ('error' in outcome) return send(422, outcome);
      account.card = outcome.card;
      return send(200, {
        object: 'billing_info',
        payment_method: { object: 'credit_card', ...outcome.card },
      });
    }
    if (request.method === 'POST' && url.pathname === '/accounts') {
      const code = String(body.code);
      if (accounts.has(code))
        return send(422, { error: { type: 'validation', message: 'Code has already been taken' } });
      const outcome = tokenOutcome((body.billing_info ?? {}) as Record<string, string>);
      if ('error' in outcome) return send(422, outcome);
      accounts.set(code, { email: body.email as string, card: outcome.card });
      return send(201, {
        object: 'account',
        code,
        billing_info: { object: 'billing_info', payment_method: { object: 'credit_card', ...outcome.card } },
      });
    }
    if (request.method === 'POST' && url.pathname === '/purchases') {
      const code = String((body.account as { code?: string })?.code);
      const [item] = body.line_items as { unit_amount: number; currency: string; description: string }[];
      if (!accounts.get(code)?.card)
        return send(422, { error: { type: 'validation', message: 'No billing info' } });
      purchases.push({
        account: code,
        currency: String(body.currency),
        unit_amount: item!.unit_amount,
        description: item!.description,
      });
      const invoice = {
        id: `inv-${purchases.length}`,
        number: String(1000 + purchases.length),
        state: 'paid',
      };
      invoices.set(invoice.id, invoice);
      return send(201, { object: 'invoice_collection', charge_invoice: { object: 'invoice', ...invoice } });
    }
    const invoice = url.pathname.match(/^\/invoices\/([^/]+)$/);
    if (request.method === 'GET' && invoice) {
      const found = invoices.get(decodeURIComponent(invoice[1]!));
      return found
        ? send(200, { object: 'invoice', ...found })
        : send(404, { error: { type: 'not_found', message: 'Not found' } });
    }
    send(404, { error: { type: 'not_found', message: 'Unknown endpoint' } });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    apiKey,
    accounts,
    purchases,
    invoices,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
