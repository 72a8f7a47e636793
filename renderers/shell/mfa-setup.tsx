import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Box, Button, Code, Field, Heading, HStack, Image, Input, Link as ChakraLink, RadioGroup, Stack, Text } from '@chakra-ui/react';
import { useNavigate } from 'react-router';
import type { components } from '../../api/schema.d.ts';
import { errorMessage } from '../../api/api-error.ts';
import { formatMessage } from '../../api/error-catalogue.ts';
import { StandaloneForm } from '../form/standalone-form.tsx';
import { FormAlert } from '../form/form-alert.tsx';
import { useDefinitionForm } from '../form/use-definition-form.ts';
import { api } from '../session/api.ts';
import { useCurrentUser } from '../session/use-session.ts';
import { MFA_SETUP_REDIRECT_DELAY_MS } from '../session/constants.ts';
import { currentUserQuery, sessionStore, type CurrentUser } from '../session/store.ts';
import { MFA_SETUP_ERRORS } from '../../api/error-catalogue.ts';

type Method = 'GOOGLE' | 'SMS' | 'EMAIL';
type AuthenticatorSetup = components['schemas']['AuthenticatorSetup'];

/** The enrolment's failure texts (spec 001), verbatim. */

/** How each method is named: in the choice, and as `{type}` of the verify failure. */
const METHOD_NAMES: Record<Method, { label: string; type: string }> = {
  GOOGLE: { label: 'Authenticator app', type: 'Authenticator App' },
  SMS: { label: 'Text message', type: 'SMS' },
  EMAIL: { label: 'E-mail', type: 'Email' },
};

const SUCCESS_TEXT = 'Multi-factor authentication is on.';
const TURNED_OFF_TEXT = 'Multi-factor authentication is off.';
const TURN_OFF_FAILURE = 'Multi-factor authentication was not turned off';

type Step =
  | { kind: 'choose' }
  | { kind: 'authenticator'; setup: AuthenticatorSetup }
  | { kind: 'code'; mfaType: 'SMS' | 'EMAIL'; message: string }
  | { kind: 'done'; mfaType: Method };

interface Failure {
  title: string;
  detail?: string;
}

function failureOf(title: string, error: unknown): Failure {
  const detail = errorMessage(error);
  return detail && detail !== title ? { title, detail } : { title };
}

function sendFailure(mfaType: Method): string {
  if (mfaType === 'GOOGLE') return MFA_SETUP_ERRORS.qrCode;
  return mfaType === 'SMS' ? MFA_SETUP_ERRORS.sendSms : MFA_SETUP_ERRORS.sendEmail;
}

/**
 * Starts (or restarts) an enrolment: the server sends a code, or answers the authenticator secret. While MFA
 * is on, the server needs the current password before it replaces the second factor.
 */
async function startEnrolment(mfaType: Method, password?: string) {
  const { data } = await api.PUT('/api/auth/v1/mfa/update', {
    params: { query: { mfaType } },
    ...(password ? { body: { password } } : {}),
  });
  return data!;
}

/**
 * The profile page's multi-factor set-up (spec 001: 'enable MFA with an authenticator app' and 'enable
 * MFA with an SMS or e-mail code'): choose a method; the authenticator app shows a QR code and its secret
 * and needs two consecutive codes; a text or an e-mail sends one code, with a resend. On success the
 * signed-in user is read again (so the MFA-required dialog stays closed) and an insured user goes to the
 * customer dashboard after 2 seconds.
 */
export function MfaSetup({ user }: { user: CurrentUser }) {
  const navigate = useNavigate();
  const [method, setMethod] = useState<Method | null>(null);
  const [password, setPassword] = useState('');
  const changing = user.mfaType !== 'NONE';
  const [step, setStep] = useState<Step>({ kind: 'choose' });
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<Failure>();
  const [offMessage, setOffMessage] = useState<string>();
  const doneRef = useRef<HTMLDivElement>(null);
  const hasPhone = Boolean(user.phone);
  const insured = user.account.accountType === 'CUSTOMER';

  useEffect(() => {
    if (step.kind !== 'done') return undefined;
    doneRef.current?.focus();
    if (!insured) return undefined;
    const timer = window.setTimeout(() => void navigate('/customer/dashboard'), MFA_SETUP_REDIRECT_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [step.kind, insured, navigate]);

  const start = async () => {
    if (!method) return;
    setBusy(true);
    setFailure(undefined);
    try {
      if (method === 'GOOGLE') {
        await startEnrolment('GOOGLE', password);
        const { data } = await api.GET('/api/auth/v1/mfa/authenticator');
        setStep({ kind: 'authenticator', setup: data! });
      } else {
        const started = await startEnrolment(method, password);
        setStep({ kind: 'code', mfaType: method, message: started.message });
      }
    } catch (error) {
      setFailure(failureOf(sendFailure(method), error));
    } finally {
      setBusy(false);
    }
  };

  // Turning MFA off needs the password again; an organisation that enforces MFA refuses it (the server too).
  const turnOff = async () => {
    setBusy(true);
    setFailure(undefined);
    try {
      const { data } = await api.PUT('/api/auth/v1/mfa/update', { params: { query: { mfaType: 'NONE' } }, body: { password } });
      await currentUserQuery.ensure(sessionStore, true);
      setPassword('');
      setMethod(null);
      setOffMessage(data?.message ?? TURNED_OFF_TEXT);
    } catch (error) {
      setFailure(failureOf(TURN_OFF_FAILURE, error));
    } finally {
      setBusy(false);
    }
  };

  const verified = async (mfaType: Method) => {
    setFailure(undefined);
    await currentUserQuery.ensure(sessionStore, true);
    setStep({ kind: 'done', mfaType });
  };

  const cancel = () => {
    setFailure(undefined);
    setStep({ kind: 'choose' });
  };

  const current = user.mfaType === 'NONE' ? 'Not enabled' : METHOD_NAMES[user.mfaType].label;
  return (
    <Box as="section" aria-labelledby="mfa-setup-heading" bg="bg" borderWidth="1px" rounded="md" p="5" data-testid="mfa-setup">
      <Stack gap="4">
        <Heading as="h2" size="md" id="mfa-setup-heading">
          Multi-factor authentication
        </Heading>
        {failure && (
          <FormAlert title={failure.title} testId="mfa-setup-error">
            {failure.detail}
          </FormAlert>
        )}
        {step.kind === 'choose' && (
          <>
            <Text fontSize="sm">
              Current method: <strong>{current}</strong>
              {user.account.enforceMfa && ` · ${user.account.name} requires multi-factor authentication.`}
            </Text>
            <RadioGroup.Root
              value={method}
              onValueChange={(details) => setMethod(details.value as Method)}
              aria-describedby="mfa-method-help"
            >
              <RadioGroup.Label>{user.mfaType === 'NONE' ? 'Choose how to receive your codes' : 'Change how you receive your codes'}</RadioGroup.Label>
              <Stack gap="3" mt="3">
                {(['GOOGLE', 'SMS', 'EMAIL'] as const).map((value) => (
                  <RadioGroup.Item key={value} value={value} disabled={value === 'SMS' && !hasPhone} alignItems="flex-start">
                    <RadioGroup.ItemHiddenInput />
                    <RadioGroup.ItemIndicator />
                    <Stack gap="0">
                      <RadioGroup.ItemText>{METHOD_NAMES[value].label}</RadioGroup.ItemText>
                      <Text fontSize="sm" color="fg.muted">
                        {value === 'GOOGLE' && 'Scan a QR code with an authenticator app on your phone.'}
                        {value === 'SMS' && (hasPhone ? `A code is texted to ${user.phone}.` : 'Add a phone number to your profile to receive codes by text.')}
                        {value === 'EMAIL' && `A code is e-mailed to ${user.email}.`}
                      </Text>
                    </Stack>
                  </RadioGroup.Item>
                ))}
              </Stack>
            </RadioGroup.Root>
            <Text id="mfa-method-help" fontSize="sm" color="fg.muted">
              You will need a code from this method every time you sign in.
            </Text>
            {changing && (
              <Field.Root required maxW="sm">
                <Field.Label>Current password</Field.Label>
                <Input
                  type="password"
                  autoComplete="current-password"
                  value={password}
                  onChange={(event) => setPassword(event.target.value)}
                  data-testid="mfa-current-password"
                />
                <Field.HelperText>Confirm it is you before the second factor changes.</Field.HelperText>
              </Field.Root>
            )}
            <HStack>
              <Button colorPalette="blue" onClick={() => void start()} disabled={!method || (changing && !password)} loading={busy}>
                {user.mfaType === 'NONE' ? 'Enable MFA' : 'Change MFA'}
              </Button>
              {changing && !user.account.enforceMfa && (
                <Button variant="outline" colorPalette="red" onClick={() => void turnOff()} disabled={!password || busy} data-testid="mfa-turn-off">
                  Turn off MFA
                </Button>
              )}
            </HStack>
            {changing && user.account.enforceMfa && (
              <Text fontSize="sm" color="fg.muted" data-testid="mfa-enforced">
                {`${user.account.name} requires multi-factor authentication, so it cannot be turned off.`}
              </Text>
            )}
            {offMessage && user.mfaType === 'NONE' && <FormAlert status="success" title={offMessage} testId="mfa-turned-off" />}
          </>
        )}
        {step.kind === 'authenticator' && (
          <>
            <Text>
              Scan this QR code with your authenticator app (for example Google Authenticator or Microsoft Authenticator), then
              enter the code the app shows. Wait for the app to show the next code and enter that one too.
            </Text>
            <Image src={step.setup.qrCode} alt="QR code to add this account to your authenticator app" boxSize="48" data-testid="mfa-qr-code" />
            <Text fontSize="sm">
              Can't scan it? Enter this key in the app instead:{' '}
              <Code data-testid="mfa-secret" wordBreak="break-all">
                {step.setup.secret}
              </Code>
            </Text>
            <CodeStep
              mfaType="GOOGLE"
              onVerified={() => void verified('GOOGLE')}
              onFailure={setFailure}
              footer={<CancelButton onClick={cancel} />}
            />
          </>
        )}
        {step.kind === 'code' && (
          <>
            <FormAlert status="info" title={step.message} testId="mfa-code-sent" />
            <CodeStep
              key={step.mfaType}
              mfaType={step.mfaType}
              onVerified={() => void verified(step.mfaType)}
              onFailure={setFailure}
              footer={
                <HStack justify="space-between" wrap="wrap">
                  <ResendLink mfaType={step.mfaType} password={password} onFailure={setFailure} />
                  <CancelButton onClick={cancel} />
                </HStack>
              }
            />
          </>
        )}
        {step.kind === 'done' && (
          <Box ref={doneRef} tabIndex={-1} outline="none">
            <FormAlert status="success" title={SUCCESS_TEXT} testId="mfa-setup-done">
              {`From now on you sign in with a code from your ${METHOD_NAMES[step.mfaType].label.toLowerCase()}.`}
              {insured && ' Taking you to your dashboard…'}
            </FormAlert>
          </Box>
        )}
      </Stack>
    </Box>
  );
}

/** The code entry of the mfa-enrol-codes definition: one code, or two consecutive app codes for GOOGLE. */
function CodeStep({ mfaType, onVerified, onFailure, footer }: {
  mfaType: Method;
  onVerified: () => void;
  onFailure: (failure: Failure | undefined) => void;
  footer: ReactNode;
}) {
  const form = useDefinitionForm('mfa-enrol-codes', { initialData: { mfaType } });
  const submit = async (payload: Record<string, unknown>) => {
    onFailure(undefined);
    const body = mfaType === 'GOOGLE' ? { mfa1: String(payload.mfa1), mfa2: String(payload.mfa2) } : { mfa1: String(payload.mfa1) };
    try {
      await api.POST('/api/auth/v1/mfa/verify', { body });
    } catch (error) {
      onFailure(failureOf(formatMessage(MFA_SETUP_ERRORS.verify, { type: METHOD_NAMES[mfaType].type }), error));
      return;
    }
    onVerified();
  };
  return <StandaloneForm form={form} onSubmit={submit} idPrefix="mfa" footer={footer} />;
}

/** Sends a new code (spec 001: 'a resend option exists'). */
function ResendLink({ mfaType, password, onFailure }: {
  mfaType: 'SMS' | 'EMAIL';
  password: string;
  onFailure: (failure: Failure | undefined) => void;
}) {
  const [note, setNote] = useState<string>();
  const [sending, setSending] = useState(false);
  const resend = async () => {
    setSending(true);
    setNote(undefined);
    onFailure(undefined);
    try {
      await startEnrolment(mfaType, password);
      setNote(mfaType === 'SMS' ? 'A new code has been sent to your phone.' : 'A new code has been sent to your email address.');
    } catch (error) {
      onFailure(failureOf(sendFailure(mfaType), error));
    } finally {
      setSending(false);
    }
  };
  return (
    <HStack gap="3">
      <ChakraLink asChild colorPalette="blue" fontWeight="medium" fontSize="sm">
        <button type="button" onClick={() => void resend()} disabled={sending} aria-disabled={sending || undefined}>
          Resend code
        </button>
      </ChakraLink>
      <Text fontSize="sm" color="fg.muted" role="status" data-testid="mfa-resent">
        {note}
      </Text>
    </HStack>
  );
}

function CancelButton({ onClick }: { onClick: () => void }) {
  return (
    <Button type="button" variant="ghost" size="sm" onClick={onClick}>
      Choose another method
    </Button>
  );
}

/** The set-up for the signed-in user: the profile page's `mfa-setup` component. */
export function CurrentUserMfaSetup() {
  return <MfaSetup user={useCurrentUser().data!} />;
}
