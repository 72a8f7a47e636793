import { Button, CloseButton, DataList, Dialog, Portal, Text } from '@chakra-ui/react';
import type { SuccessOf } from '../../api/run.ts';

type BankDetails = NonNullable<SuccessOf<'getPolicyPayment'>>['bankDetails'];

/** Spec 000: ACH/WIRE TRANSFER opens 'Pay {amount} with ACH or Wire Transfer' with the routing and bank details. */
export function BankTransferDialog({ amount, details, reference, terms, onClose }: {
  amount: string;
  details: BankDetails;
  reference: string;
  terms: Readonly<Record<string, string>> | undefined;
  onClose: () => void;
}) {
  const term = (word: string) => terms?.[word] ?? word;
  const rows: Array<[string, string]> = [
    ['Bank', details.bank],
    [term('Routing Number'), details.routing],
    ['Account Number', details.account],
    ['Account Name', details.accountName],
    ['Account Type', details.accountType],
    ['SWIFT', details.swift],
    ['Reference', reference],
    ['Phone', details.phone],
    ['Email', details.email],
    ['Address', details.address],
  ];
  return (
    <Dialog.Root open onOpenChange={(change) => !change.open && onClose()} size="md">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid="bank-transfer-dialog">
            <Dialog.Header>
              <Dialog.Title>{`Pay ${amount} with ACH or Wire Transfer`}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <DataList.Root orientation="horizontal" size="sm">
                {rows.map(([label, value]) => (
                  <DataList.Item key={label}>
                    <DataList.ItemLabel minW="36">{label}</DataList.ItemLabel>
                    <DataList.ItemValue>{value}</DataList.ItemValue>
                  </DataList.Item>
                ))}
              </DataList.Root>
              <Text mt="4" fontSize="sm" color="fg.muted">
                Put the reference on your transfer so it is matched to this policy. ACH/wire confirmation takes 3 to 5 business days.
              </Text>
            </Dialog.Body>
            <Dialog.Footer>
              <Button variant="outline" onClick={onClose}>
                Close
              </Button>
            </Dialog.Footer>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label="Close" />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
