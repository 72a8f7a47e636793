/** Where the policy's papers go when it is not the client account's address (a non-premium endorsement). */
export interface MailingAddress {
  address1: string;
  city: string;
  state: string | null;
  zip: string | null;
}

/** A mailing address on one line ('12 Main Street, Denver, CO 80216'). */
export function mailingAddressLine(address: MailingAddress): string {
  return [address.address1, address.city, [address.state, address.zip].filter(Boolean).join(' ')].filter(Boolean).join(', ');
}

/** The file name a download is saved as: the company, the number and a fixed suffix (spec 002 section 7 'Certificate'). */
export function documentFileName(companyName: string, number: string, suffix: string): string {
  return `${companyName.replace(/[^A-Za-z0-9]+/g, '_')}_${number}_${suffix}.pdf`;
}
