// What the signed-out welcome page claims works, read from its rendered HTML.
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { WelcomePanel } from './welcome-panel';

/** Each journey step's title and its availability tag. */
function journey(html: string): Record<string, string> {
  const steps: Record<string, string> = {};
  for (const [, title, tag] of html.matchAll(/<h3>([^<]+)<\/h3>.*?class="p-tag-value"[^>]*>([^<]+)</g)) steps[title!] = tag!;
  return steps;
}

describe('welcome panel', () => {
  it('says mastering, the copyright check, XRPL registration and the vault work, and what is not built yet', () => {
    const html = renderToStaticMarkup(<WelcomePanel user={null} onSelectTab={() => undefined} />);
    expect(journey(html)).toEqual({
      Upload: 'Available now',
      Master: 'Available now',
      'Copyright check': 'Available now',
      'Register on XRPL': 'Available now',
      Vault: 'Available now',
      'Royalty contracts': 'Not available yet',
      Licensing: 'Not available yet',
      Distribute: 'Not available yet',
    });
    expect(html).toContain('Royalty contracts, licensing and distribution come later.');
  });
});
