import { defineCheck, passed, warning } from './define-check';

const messages = {
  exposed: 'The server reveals software versions ({versions}); attackers use them to pick known exploits.',
  ok: 'The response headers reveal no software versions.',
};

// Headers that name the software stack; the two ASP.NET ones always carry a version.
const HEADERS = ['server', 'x-powered-by', 'x-aspnet-version', 'x-aspnetmvc-version'] as const;
const ALWAYS_VERSIONED = new Set(['x-aspnet-version', 'x-aspnetmvc-version']);
// "nginx/1.18.0", "PHP/8.1", "Microsoft-IIS/10.0", "Apache 2.4.41"; not "ECS (dcb/7F83)".
const VERSION = /\/\s*v?\d+(?:\.\d+)*(?=$|[\s;,()])|\bv?\d+\.\d+(?:\.\d+)*\b/i;

export const serverSignature = defineCheck({
  key: 'server-signature',
  title: 'Server signature',
  category: 'server-security',
  relevance: 3,
  scope: 'page',
  requires: ['page'],
  description:
    'The <code>Server</code> and <code>X-Powered-By</code> headers often name the web server and language with exact versions, which helps attackers find known vulnerabilities.',
  recommendation: 'Remove version numbers from the Server header and drop X-Powered-By.',
  howToFix:
    'Nginx: set <code>server_tokens off;</code>. Apache: set <code>ServerTokens Prod</code> and <code>ServerSignature Off</code>. PHP: set <code>expose_php = Off</code> in php.ini. Express: call <code>app.disable(\'x-powered-by\')</code>. IIS/ASP.NET: remove <code>X-Powered-By</code> under HTTP Response Headers and set <code>&lt;httpRuntime enableVersionHeader="false" /&gt;</code>. Then keep the software itself up to date.',
  evaluate({ page }, { format }) {
    const data = {
      server_signature: {
        server: page.headers.server ?? null,
        x_powered_by: page.headers['x-powered-by'] ?? null,
      },
      exposed_versions: HEADERS.flatMap((header) => {
        const value = page.headers[header];
        return value && (ALWAYS_VERSIONED.has(header) || VERSION.test(value)) ? [{ header, value }] : [];
      }),
    };
    if (data.exposed_versions.length === 0) return passed(messages.ok, data);
    const versions = data.exposed_versions.map(({ header, value }) => `${header}: ${value}`).join('; ');
    return warning(format(messages.exposed, { versions }), data);
  },
});
