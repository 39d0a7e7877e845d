// Security headers on every answer (helmet): a content security policy the web app passes (its
// scripts, styles, fonts, media and websocket are same-origin, but for Stripe.js and its payment
// frames on the checkout pages; components set inline styles), no framing by other sites, frames
// only of our own pages, Stripe's and a configured sign-in widget's, and HSTS when the platform is
// served over https. The /verify page may also open a secure WebSocket to a ledger server.
import fastifyHelmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

export const CONTENT_SECURITY_POLICY = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'", 'https://js.stripe.com'],
  styleSrc: ["'self'", "'unsafe-inline'"],
  imgSrc: ["'self'", 'data:', 'blob:'],
  mediaSrc: ["'self'", 'blob:'],
  fontSrc: ["'self'", 'data:'],
  connectSrc: ["'self'", 'https://api.stripe.com'],
  // Our own pages (the certificate's PDF) and Stripe's payment frames; a configured sign-in widget is added.
  frameSrc: ["'self'", 'https://js.stripe.com', 'https://hooks.stripe.com'],
  objectSrc: ["'none'"],
  baseUri: ["'self'"],
  formAction: ["'self'"],
  // The certificate viewer frames the platform's own PDF; no other site may frame any page.
  frameAncestors: ["'self'"],
};

/**
 * The /verify page asks a rippled server itself over a secure WebSocket (the public server of the
 * certificate's network, or one the visitor names), so the check does not rest on trusting us; its
 * page alone may connect to any wss: origin.
 */
export const VERIFY_PAGE_CONNECT_SRC = 'wss:';

function isVerifyPage(url: string): boolean {
  const path = url.split('?')[0] ?? '';
  return path === '/verify' || path.startsWith('/verify/');
}

/** `frameSources`: the origins whose pages ours may frame (the QXMP Pay sign-in widget). */
export async function registerSecurityHeaders(app: FastifyInstance, { https, frameSources = [] }: { https: boolean; frameSources?: string[] }): Promise<void> {
  await app.register(fastifyHelmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        ...CONTENT_SECURITY_POLICY,
        frameSrc: [...CONTENT_SECURITY_POLICY.frameSrc, ...frameSources],
        ...(https ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    // Browsers honour HSTS only over https; sent over plain http it would only mislead.
    strictTransportSecurity: https ? { maxAge: 31_536_000, includeSubDomains: true } : false,
  });
  app.addHook('onSend', async (request, reply, payload) => {
    const policy = reply.getHeader('content-security-policy');
    if (typeof policy === 'string' && isVerifyPage(request.url)) reply.header('content-security-policy', policy.replace(/connect-src ([^;]*)/, `connect-src $1 ${VERIFY_PAGE_CONNECT_SRC}`));
    return payload;
  });
}
