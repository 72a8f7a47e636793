-- Invoice reminders (spec 002 section 2 'Payment reminder'; section 4 'toggle invoice reminder'; section 7
-- toggle/invoiceReminder and invoiceReminder/{id}). A policy's payer is e-mailed on fixed days around the
-- premium's due date while money is still due (INVOICE_REMINDER_OFFSETS in server/constants.ts); billing may
-- turn a policy's reminders off, and back on.
ALTER TABLE policies ADD COLUMN invoice_reminders_off boolean NOT NULL DEFAULT false;

-- Every reminder sent, one per policy and day of the schedule: the sweep claims a row with
-- INSERT ... ON CONFLICT DO NOTHING and sends only when its insert happened, so two servers (or the timer and
-- a manual run) never send the same reminder twice.
CREATE TABLE invoice_reminders (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  policy_id uuid NOT NULL REFERENCES policies(id) ON DELETE CASCADE,
  -- Days from the due date: negative before it, 0 on the day, positive after it.
  offset_days integer NOT NULL CHECK (offset_days BETWEEN -366 AND 366),
  due_date date NOT NULL,
  recipient text NOT NULL CHECK (length(recipient) BETWEEN 3 AND 320),
  amount_due numeric(16, 2) NOT NULL CHECK (amount_due > 0),
  currency text NOT NULL CHECK (currency IN ('USD', 'GBP')),
  sent_at timestamptz NOT NULL,
  UNIQUE (policy_id, offset_days)
);
