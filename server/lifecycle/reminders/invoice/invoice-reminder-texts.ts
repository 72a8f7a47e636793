/** What the invoice reminder operations answer and what the reminders say (the spec gives none of these texts). */
export const INVOICE_REMINDER_TEXTS = {
  policyNotFound: 'Policy not found.',
  turnedOff: (policyNumber: string) => `Invoice reminders turned off for policy ${policyNumber}`,
  turnedOn: (policyNumber: string) => `Invoice reminders turned on for policy ${policyNumber}`,
  providerOnly: 'Only the provider\'s billing staff may send the invoice reminders of every policy.',
  sent: (count: number) => (count === 0 ? 'No invoice reminders were due' : `${count} invoice ${count === 1 ? 'reminder' : 'reminders'} sent`),
} as const;

/**
 * The words of one reminder, by where the day it is sent stands from the due date (`daysPastDue`: negative
 * before it, 0 on it): never by the day of the schedule it stands for, since a reminder whose day a sweep
 * missed goes out later and must not call an earlier day 'today'.
 */
export const REMINDER_MAIL_TEXTS = {
  subject: (daysPastDue: number, policyNumber: string, dueDate: string) => {
    if (daysPastDue < 0) return `Invoice reminder: the premium of policy ${policyNumber} is due on ${dueDate}`;
    if (daysPastDue === 0) return `Invoice reminder: the premium of policy ${policyNumber} is due today`;
    return `Overdue invoice: the premium of policy ${policyNumber} was due on ${dueDate}`;
  },
  lead: (daysPastDue: number, amount: string, dueDate: string) => {
    if (daysPastDue < 0) return `This is a reminder that ${amount} is due on ${dueDate}.`;
    if (daysPastDue === 0) return `This is a reminder that ${amount} is due today, ${dueDate}.`;
    return `Our records show ${amount} still unpaid; it was due on ${dueDate}. Please pay it as soon as you can.`;
  },
  policy: (companyName: string, policyNumber: string, period: string, invoiceNumber: string) =>
    `Invoice ${invoiceNumber}: ${companyName}'s cyber policy ${policyNumber}, ${period}.`,
  payLink: (url: string) => `Pay online or by bank transfer from the policy's payment page: ${url}`,
  questions: (agencyName: string, billingEmail: string) => `Questions about this invoice: ${agencyName}, or ${billingEmail}.`,
  alreadyPaid: 'If you have paid already, thank you, and please disregard this reminder.',
} as const;

/** The agency's inbox message when its client's premium falls due unpaid, and at each overdue reminder after. */
export const PAYMENT_DUE_TEXTS = {
  body: (amount: string, dueDate: string, payerEmail: string) => `${amount} was due on ${dueDate} and is unpaid. A reminder was sent to ${payerEmail}.`,
} as const;
