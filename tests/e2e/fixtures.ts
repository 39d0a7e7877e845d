// The journeys' `test`: fails a journey whose page reported a content security policy violation,
// so the policy the server sends (api/plugins/security-headers.ts) is one the web app passes.
import { test as base } from '@playwright/test';

export { expect } from '@playwright/test';

export const test = base.extend<{ contentSecurityPolicyHolds: void }>({
  contentSecurityPolicyHolds: [
    async ({ context }, use) => {
      const violations: string[] = [];
      context.on('console', (message) => {
        if (message.type() === 'error' && /Content Security Policy/i.test(message.text())) violations.push(message.text());
      });
      await use();
      base.expect(violations, 'content security policy violations').toEqual([]);
    },
    { auto: true },
  ],
});
