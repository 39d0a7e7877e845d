// App-wide window events: anything may ask for the login or signup dialog or for the
// token dialogs (pricing plans, token history) without knowing who answers. The auth dialogs and
// the token dialogs listen. A dashboard tab is an address instead (dashboard-tabs.ts).
import { useEffect, useEffectEvent } from 'react';

export const OPEN_LOGIN_EVENT = 'goose:open-login';
export const OPEN_SIGNUP_EVENT = 'goose:open-signup';
export const OPEN_PRICING_EVENT = 'goose:open-pricing';
export const OPEN_TOKEN_HISTORY_EVENT = 'goose:open-token-history';

export function openLogin(): void {
  window.dispatchEvent(new Event(OPEN_LOGIN_EVENT));
}

export function openSignup(): void {
  window.dispatchEvent(new Event(OPEN_SIGNUP_EVENT));
}

/** Opens the pricing plans dialog; `notice`, when given, says why (a refused step's error text). */
export function openPricing(notice?: string): void {
  window.dispatchEvent(new CustomEvent<{ notice: string | null }>(OPEN_PRICING_EVENT, { detail: { notice: notice ?? null } }));
}

export function openTokenHistory(): void {
  window.dispatchEvent(new Event(OPEN_TOKEN_HISTORY_EVENT));
}

/** The notice carried by an open-pricing event, if any. */
export function pricingNoticeFromEvent(event: Event): string | null {
  const detail = (event as CustomEvent<unknown>).detail;
  return detail && typeof detail === 'object' && 'notice' in detail && typeof detail.notice === 'string' ? detail.notice : null;
}

/** Calls `handler` whenever `eventName` fires on window, for as long as the component is mounted. */
export function useWindowEvent(eventName: string, handler: (event: Event) => void): void {
  const onEvent = useEffectEvent(handler);
  useEffect(() => {
    const listener = (event: Event) => onEvent(event);
    window.addEventListener(eventName, listener);
    return () => window.removeEventListener(eventName, listener);
  }, [eventName]);
}
