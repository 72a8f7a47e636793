import { Alert, Link, List, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router';
import { formatDate, type Edition } from '../../engine/index.ts';
import { run } from '../session/run.ts';
import { useCurrentUser } from '../session/use-session.ts';
import { STATE_LICENSE_TEXTS } from './quote-texts.ts';
import { QuoteStepSection } from './quote-step-section.tsx';
import { useAnswer } from './use-answer.ts';
import type { QuoteAccount } from './use-quote-account.ts';

interface StateLicenseStepProps {
  account: QuoteAccount;
  edition: Edition;
  /** Where the area's licences are kept, when the area has that page. */
  licensesPath?: string;
}

/**
 * The state-license step (spec 002 section 2): whether the quote's producer may sell in the risk's state. An
 * agent sees their own licence there, or that they hold none; provider staff quoting for an agency see which
 * of its agents hold one. It informs and does not block: the licence is needed to bind, and may be added
 * while the quote is open. A US risk only (the UK edition has no state licences): `edition` is the account's.
 */
export function StateLicenseStep({ account, edition, licensesPath }: StateLicenseStepProps) {
  const state = edition.address.hasState === false ? null : account.riskState;
  const user = useCurrentUser().data;
  // Looked up for the account, whose edition (not the host's) decides whether state licences apply.
  const licences = useAnswer(state ?? '', (signal) => (state ? run('listAgentsLicensedInState', { params: { state: state as never }, query: { accountId: account.id }, signal }) : Promise.resolve([])));
  if (!state || licences.status !== 'ready' || !user) return null;
  return (
    <QuoteStepSection id="state-license" title={STATE_LICENSE_TEXTS.title}>
      <LicenceStatus licences={licences.value} account={account} state={state} userId={user.id} isAgent={user.account.id === account.agencyId} edition={edition} licensesPath={licensesPath} />
    </QuoteStepSection>
  );
}

type AgentLicence = Awaited<ReturnType<typeof run<'listAgentsLicensedInState'>>>[number];

function LicenceStatus({ licences, account, state, userId, isAgent, edition, licensesPath }: {
  licences: AgentLicence[]; account: QuoteAccount; state: string; userId: string; isAgent: boolean; edition: Edition; licensesPath?: string;
}) {
  const ofAgency = licences.filter((licence) => !account.agencyId || licence.agencyId === account.agencyId);
  const until = (date: string) => formatDate(date, edition.locale);
  const addLink = licensesPath ? (
    <Link asChild colorPalette="blue" fontWeight="medium">
      <RouterLink to={licensesPath}>{STATE_LICENSE_TEXTS.addLicense}</RouterLink>
    </Link>
  ) : null;

  if (isAgent) {
    const mine = ofAgency.find((licence) => licence.agentId === userId);
    return mine ? (
      <Text data-testid="state-license" data-licensed="true">
        {STATE_LICENSE_TEXTS.youHold(mine.number, state, until(mine.expirationDate))}
      </Text>
    ) : (
      <Alert.Root status="warning" data-testid="state-license" data-licensed="false">
        <Alert.Indicator />
        <Alert.Content>
          <Alert.Title>{STATE_LICENSE_TEXTS.youHoldNone(state)}</Alert.Title>
          <Alert.Description>{addLink}</Alert.Description>
        </Alert.Content>
      </Alert.Root>
    );
  }
  if (ofAgency.length === 0) {
    return (
      <Alert.Root status="warning" data-testid="state-license" data-licensed="false">
        <Alert.Indicator />
        <Alert.Title>{STATE_LICENSE_TEXTS.agencyHoldsNone(state)}</Alert.Title>
      </Alert.Root>
    );
  }
  return (
    <div data-testid="state-license" data-licensed="true">
      <Text mb="1">{STATE_LICENSE_TEXTS.agentsLicensed(state)}</Text>
      <List.Root ps="5">
        {ofAgency.map((licence) => (
          <List.Item key={licence.id}>{STATE_LICENSE_TEXTS.agentLine(`${licence.agentFirstName} ${licence.agentLastName}`, licence.number, until(licence.expirationDate))}</List.Item>
        ))}
      </List.Root>
    </div>
  );
}
