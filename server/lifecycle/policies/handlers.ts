import type { HandlerModule } from '../../contract/handlers.ts';
import { bindingHandlers } from './binding-handlers.ts';
import { documentHandlers } from './document-handlers.ts';
import { listHandlers } from './list-handlers.ts';
import { renewalHandlers } from './renewal-handlers.ts';
import { servicingHandlers } from './servicing-handlers.ts';

/**
 * Binding and policies (spec 002 sections 3, 4 and 7 Policy): binding a Ready or signed quote as a binder,
 * the binders and policies lists of every dashboard, the policy page and
 * its actions (cancel, flat cancel, void, undo, Check In Mail, renewal opt-out and reminders, the policy
 * contact), and the binder and policy PDFs. Quotes and policies are found by (tenant, id); every change
 * writes its history and the audit log in one transaction. Days pass by the calendar (policy-calendar.ts),
 * settled before the policy and binder lists and pages are read.
 */
export const handlers: HandlerModule = (services) => ({
  ...bindingHandlers(services),
  ...listHandlers(services),
  ...servicingHandlers(services),
  ...renewalHandlers(services),
  ...documentHandlers(services),
});
