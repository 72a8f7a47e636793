import type { ReactNode } from 'react';
import './lean.css';

/**
 * The few pieces the sign-in page draws, as plain elements styled by lean.css (no Chakra): a card, an
 * alert, the submit button, a waiting line. They look as the app's Chakra pieces do.
 */
export function LeanCard({ title, children, testId }: { title: ReactNode; children?: ReactNode; testId?: string }) {
  return (
    <div className="lean-card" data-testid={testId}>
      <h1>{title}</h1>
      {children}
    </div>
  );
}

export type AlertStatus = 'error' | 'info' | 'success' | 'warning';

/** An error the user must read (role alert) or a status, as FormAlert draws it in the app. */
export function LeanAlert({ status = 'error', title, children, testId }: { status?: AlertStatus; title: ReactNode; children?: ReactNode; testId?: string }) {
  return (
    <div className={`lean-alert lean-alert-${status}`} role={status === 'error' ? 'alert' : 'status'} data-testid={testId}>
      <svg className="lean-alert-icon" width="20" height="20" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" aria-hidden="true">
        <circle cx="12" cy="12" r="10" />
        {status === 'error' || status === 'warning' ? <path d="M12 8v4m0 4h.01" /> : <path d="M12 16v-4m0-4h.01" />}
      </svg>
      <div>
        <div className="lean-alert-title">{title}</div>
        {children && <div className="lean-alert-description">{children}</div>}
      </div>
    </div>
  );
}

/** The form's full-width submit button; while `loading` it shows a spinner and cannot be pressed again. */
export function LeanSubmit({ children, disabled, loading }: { children: ReactNode; disabled: boolean; loading: boolean }) {
  return (
    <button type="submit" className="lean-button" disabled={disabled || loading} aria-busy={loading || undefined} data-loading={loading || undefined}>
      {loading ? <span className="lean-spinner" aria-hidden="true" /> : null}
      {children}
    </button>
  );
}

/** What a page shows while it asks the server (never a blank page). */
export function LeanWaiting({ text }: { text: string }) {
  return (
    <div className="lean-row" style={{ justifyContent: 'flex-start', gap: 12 }} role="status" aria-live="polite">
      <span className="lean-spinner" aria-hidden="true" />
      <p className="lean-muted">{text}</p>
    </div>
  );
}
