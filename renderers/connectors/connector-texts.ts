/** The connectors' texts users see (spec 001 section 8 Connector, verbatim). */
export const CONNECTOR_TEXTS = {
  failedToConnect: 'Failed to connect, please try again later',
  failedToAdd: 'Failed to add the connector',
  added: 'Connector added successfully!',
  removed: 'Successfully removed the connector',
} as const;
