import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { toaster } from '../shell/toaster.tsx';
import { api, sessionEvents } from './api.ts';
import { prefetchSignedInReads } from './signed-in-prefetch.ts';
import { useDocumentLanguage, useEditionSync } from './edition-effects.ts';
import { isServerDown } from './server-down.ts';
import { VERSION_POLL_INTERVAL_MS } from './constants.ts';
import { resetSessionState, sessionNoticeAtom, sessionStore } from './store.ts';

/** The event raised when the server reports another console version than the one first seen. */
export const VERSION_CHANGED_EVENT = 'console-version-changed';

/**
 * The session's side effects, mounted once inside the router: the edition from the server's answers,
 * the client's events (an expired session, server trouble) as notices and toasts, and the version poll.
 */
export function SessionEffects() {
  usePrefetchOnLoad();
  useEditionSync();
  useDocumentLanguage();
  useClientEvents();
  useVersionPoll();
  return null;
}

/** Once per page load: the signed-in shell's reads, started before its code has arrived (signed-in-prefetch.ts). */
function usePrefetchOnLoad() {
  const { pathname } = useLocation();
  const first = useRef(pathname);
  useEffect(() => prefetchSignedInReads(first.current), []);
}

function useClientEvents() {
  useEffect(
    () =>
      sessionEvents.subscribe((event) => {
        if (event.type === 'sessionExpired') {
          resetSessionState();
          // A remembered device says why it has to sign in again; the protected route sends it to /login.
          if (event.message) sessionStore.set(sessionNoticeAtom, event.message);
          return;
        }
        // A server failure carries the call's details, which the toast lets the user expand.
        toaster.create({ type: 'error', title: event.message, closable: true, meta: event.type === 'serverError' ? { failure: event.failure } : undefined });
      }),
    [],
  );
}

/** Every 60 seconds: a server-down answer goes to /serverdown; a new version raises the event. */
function useVersionPoll() {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const firstVersion = useRef<string | null>(null);
  const paused = pathname === '/serverdown';
  useEffect(() => {
    if (paused) return undefined;
    const check = async () => {
      try {
        const { data } = await api.GET('/api/console-version');
        if (!data) return;
        firstVersion.current ??= data.v;
        if (data.v !== firstVersion.current) window.dispatchEvent(new CustomEvent(VERSION_CHANGED_EVENT, { detail: data.v }));
      } catch (error) {
        if (isServerDown(error)) void navigate('/serverdown');
      }
    };
    void check();
    const timer = window.setInterval(() => void check(), VERSION_POLL_INTERVAL_MS);
    return () => window.clearInterval(timer);
  }, [paused, navigate]);
}
