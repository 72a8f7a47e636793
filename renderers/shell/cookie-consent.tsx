import { useEffect, useState } from 'react';
import '../lean/lean.css';
import { COOKIE_CONSENT_COOKIE, COOKIE_CONSENT_DELAY_MS, COOKIE_CONSENT_MAX_AGE_SECONDS, LINKS } from '../session/constants.ts';

export function readConsent(): string | undefined {
  const entry = document.cookie.split('; ').find((part) => part.startsWith(`${COOKIE_CONSENT_COOKIE}=`));
  return entry?.split('=')[1];
}

/**
 * The cookie consent bar: appears 1.5 s after the page opens unless an answer is on file; the answer is a
 * cookie lasting six months (so signing out, which clears storage, keeps it). Drawn with the lean pieces'
 * styles (renderers/lean/lean.css), not Chakra: the sign-in page's first load shows it too.
 */
export function CookieConsent() {
  const [visible, setVisible] = useState(false);
  useEffect(() => {
    if (readConsent()) return undefined;
    const timer = window.setTimeout(() => setVisible(true), COOKIE_CONSENT_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, []);
  if (!visible) return null;
  const answer = (value: 'accepted' | 'denied') => {
    document.cookie = `${COOKIE_CONSENT_COOKIE}=${value}; max-age=${COOKIE_CONSENT_MAX_AGE_SECONDS}; path=/; SameSite=Lax`;
    setVisible(false);
  };
  return (
    <section role="region" aria-label="Cookie consent" className="lean-consent" data-testid="cookie-consent">
      <div className="lean-consent-row">
        <p>
          We use cookies to keep you signed in and to understand how the console is used. See our{' '}
          <a className="lean-link" href={LINKS.privacyPolicy} target="_blank" rel="noreferrer">
            privacy policy
          </a>
          .
        </p>
        <div className="lean-row" style={{ flexWrap: 'nowrap' }}>
          <button type="button" className="lean-button lean-button-outline" onClick={() => answer('denied')}>
            Deny
          </button>
          <button type="button" className="lean-button" onClick={() => answer('accepted')}>
            Accept
          </button>
        </div>
      </div>
    </section>
  );
}
